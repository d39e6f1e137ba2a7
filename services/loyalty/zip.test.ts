import { describe, expect, it } from 'vitest';
import { placeOfZip } from './zip';
import { readApps } from './apps';

describe('placeOfZip', () => {
  it('knows the demo towns exactly and other zips by prefix', () => {
    expect(placeOfZip('84720')).toEqual({ city: 'Cedar City', state: 'UT' });
    expect(placeOfZip('84770-1234')).toEqual({ city: 'St. George', state: 'UT' });
    expect(placeOfZip('84799')).toEqual({ city: 'Cedar City', state: 'UT' });
    expect(placeOfZip('89109')).toEqual({ city: 'Las Vegas', state: 'NV' });
    expect(placeOfZip('83702')).toEqual({ city: 'Boise', state: 'ID' });
    expect(placeOfZip('80202')).toEqual({ city: 'Denver', state: 'CO' });
    expect(placeOfZip('85004')).toEqual({ city: 'Phoenix', state: 'AZ' });
  });

  it('answers null outside the demo states or for junk', () => {
    expect(placeOfZip('10001')).toBeNull();
    expect(placeOfZip('abcde')).toBeNull();
    expect(placeOfZip('')).toBeNull();
  });
});

describe('readApps (npm run loyalty)', () => {
  it('reads appId and tiers from the tenant files and stores from the content', () => {
    const apps = readApps('tenants', 'content');
    const lins = apps.find((a) => a.appId === 'lins');
    expect(apps.length).toBeGreaterThanOrEqual(7);
    expect(lins?.storeNumbers).toContain('0012');
    expect(lins?.tiers).toEqual([500, 1000, 2000]);
    expect(lins?.stores?.find((s) => s.storeNumber === '0012')?.city).toBe('Cedar City');
  });
});
