import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { E2E_TENANTS_DIR } from '../../playwright.config';
import { DEMO_UNREGISTERED_PHONE } from '../../test/demo';
import { e2eLoyaltyApi, loyaltyCall } from './loyalty';
import { rawRequest } from './support';

/**
 * A brand of a test's own: a demo brand's tenant file under a new sitePath and loyalty appId,
 * dropped into the e2e server's tenants folder (rescanned every second), so the server serves it
 * and its loyalty service seeds it, demo records included, as for any brand added while running.
 * For a test that changes seeded data no call of the loyalty API can make again (the one
 * card-only record of a brand). Its content is content/shared/ (no folder of its own); its SSO
 * clients are left out (their ids are the demo brand's). `remove()` takes the file away.
 */
export async function addBrand(base: string): Promise<{ site: string; remove: () => void }> {
  const site = `e2e-${base}-${crypto.randomUUID().slice(0, 8)}`;
  const tenant = JSON.parse(
    fs.readFileSync(path.join(E2E_TENANTS_DIR, `${base}.json`), 'utf8'),
  ) as { services: { loyalty: { appId: string }; sso?: unknown } } & Record<string, unknown>;
  tenant.sitePath = site;
  tenant.hostnames = [`${site}.localhost`];
  tenant.services.loyalty.appId = site;
  delete tenant.services.sso;
  const file = path.join(E2E_TENANTS_DIR, `${site}.json`);
  fs.writeFileSync(file, JSON.stringify(tenant, null, 2));
  const remove = () => fs.rmSync(file, { force: true });
  try {
    // Served once the tenants folder has been read again; seeded once its card-only record is
    // there (the seed runs in one transaction: then everything else is there too).
    await expect
      .poll(
        async () => (await rawRequest({ host: `${site}.localhost`, path: '/register' })).status,
        {
          timeout: 30_000,
        },
      )
      .toBe(200);
    const api = await e2eLoyaltyApi();
    const cardOnly = `/loyalty/${site}/customer?phone=${DEMO_UNREGISTERED_PHONE}`;
    await expect
      .poll(
        // The service answers 404 for an appId it does not know yet.
        () => loyaltyCall(api, 'GET', cardOnly).then(JSON.stringify, () => 'not yet'),
        { timeout: 30_000 },
      )
      .toContain(DEMO_UNREGISTERED_PHONE);
  } catch (error) {
    remove();
    throw error;
  }
  return { site, remove };
}
