/** The brand's Maps key: read from the variable the tenant names, never logged. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logger } from '@common/logger.server';
import type { Tenant } from '~/lib/tenant/schema';
import {
  MAPS_KEY_NOT_CONFIGURED,
  mapsApiKey,
  mapsKeyFor,
  resetMapsKeyWarnings,
} from './maps-config.server';

afterEach(() => resetMapsKeyWarnings());

const brand = (sitePath: string, apiKeyEnv?: string) =>
  ({
    sitePath,
    services: apiKeyEnv ? { maps: { apiKeyEnv } } : {},
  }) as Pick<Tenant, 'sitePath' | 'services'> as Tenant;

const KEY = 'AIzaTestKey-0123456789';

describe('mapsKeyFor / mapsApiKey', () => {
  it('reads the key from the environment variable the tenant names', () => {
    const env = { BRAND_MAPS_KEY: KEY, OTHER: 'x' };
    expect(mapsKeyFor(brand('a', 'BRAND_MAPS_KEY'), env)).toBe(KEY);
    expect(mapsApiKey({ tenant: brand('a', 'BRAND_MAPS_KEY') }, env)).toBe(KEY);
  });

  it('has no key when the tenant names no variable, or it is unset or blank', () => {
    expect(mapsKeyFor(brand('a'), { BRAND_MAPS_KEY: KEY })).toBeNull();
    expect(mapsKeyFor(brand('a', 'BRAND_MAPS_KEY'), {})).toBeNull();
    expect(mapsKeyFor(brand('a', 'BRAND_MAPS_KEY'), { BRAND_MAPS_KEY: '  ' })).toBeNull();
  });

  it("logs 'Google Maps key not configured.' once per brand when the named variable is unset", () => {
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    expect(mapsApiKey({ tenant: brand('a', 'BRAND_MAPS_KEY') }, {})).toBeNull();
    expect(mapsApiKey({ tenant: brand('a', 'BRAND_MAPS_KEY') }, {})).toBeNull();
    expect(mapsApiKey({ tenant: brand('b', 'B_MAPS_KEY') }, {})).toBeNull();
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenNthCalledWith(
      1,
      { brand: 'a', variable: 'BRAND_MAPS_KEY' },
      MAPS_KEY_NOT_CONFIGURED,
    );
    expect(MAPS_KEY_NOT_CONFIGURED).toBe('Google Maps key not configured.');
  });

  it('logs nothing for a brand without maps, nor ever the key itself', () => {
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    const info = vi.spyOn(logger, 'info').mockImplementation(() => undefined);
    mapsApiKey({ tenant: brand('a') }, {});
    mapsApiKey({ tenant: brand('b', 'BRAND_MAPS_KEY') }, { BRAND_MAPS_KEY: KEY });
    expect(warn).not.toHaveBeenCalled();
    expect(info).not.toHaveBeenCalled();
  });

  it('reads process.env by default', () => {
    vi.stubEnv('MAPS_TEST_KEY_VARIABLE', KEY);
    try {
      expect(mapsApiKey({ tenant: brand('a', 'MAPS_TEST_KEY_VARIABLE') })).toBe(KEY);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
