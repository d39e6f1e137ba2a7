import type { AppLoadContext } from '@remix-run/node';
import { describe, expect, it } from 'vitest';
import { loadLayout } from './layout.server';

/** A context with just what the shell's layout reads. */
function context(): AppLoadContext {
  const location = {
    name: 'Main Street',
    slug: 'main-street',
    storeNumber: '0001',
    city: 'Cedar City',
    state: 'UT',
    hidden: false,
    hiddenInHomeSelector: false,
    hiddenInStoreSelector: false,
  };
  const content = {
    menu: (_site: string, slug: string) => ({ slug, menu: [] }),
    post: () => null,
    banner: () => null,
    popup: () => null,
    layout: () => ({ slug: 'login-message', html: '<p>Welcome back</p>' }),
    retailerInfo: () => ({ adviewerPage: null, locations: [location], aceLocations: [] }),
  };
  return {
    tenant: {
      sitePath: 'lins',
      menus: { main: 'main', mainTop: null, footer: 'footer' },
      newsletter: { variant: 'default' },
    },
    services: { content },
  } as unknown as AppLoadContext;
}

describe('the shell layout of every page', () => {
  it('carries the menus and stores, and no copy of the login message (the root data has it)', () => {
    const layout = loadLayout(context());
    expect(layout.menus.main).toEqual({ slug: 'main', menu: [] });
    expect(layout.locations.map((l) => l.storeNumber)).toEqual(['0001']);
    expect(layout).not.toHaveProperty('loginMessage');
    expect(JSON.stringify(layout)).not.toContain('Welcome back');
  });
});
