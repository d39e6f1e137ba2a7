import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { E2E_TENANTS_DIR } from '../../playwright.config';
import { brandUrl, rawRequest } from '../kit/support';

test.describe('tenant files', () => {
  test('a new tenant file is served within 5 s, an invalid one is refused, others keep serving', async ({
    page,
  }) => {
    const file = path.join(E2E_TENANTS_DIR, 'e2e-new-brand.json');
    const bad = path.join(E2E_TENANTS_DIR, 'e2e-bad-brand.json');
    try {
      fs.writeFileSync(
        bad,
        JSON.stringify({ sitePath: 'e2e-bad-brand', hostnames: ['bad.localhost'] }),
      );
      fs.writeFileSync(
        file,
        JSON.stringify({
          sitePath: 'e2e-new-brand',
          hostnames: ['e2e-new-brand.localhost'],
          retailerName: 'Brand New Grocer',
          theme: { primary: '#225522' },
        }),
      );
      const started = Date.now();
      await expect
        .poll(
          async () => (await rawRequest({ host: 'e2e-new-brand.localhost', path: '/' })).status,
          {
            timeout: 5000,
            intervals: [200],
          },
        )
        .toBe(200);
      expect(Date.now() - started).toBeLessThan(5000);
      await page.goto(brandUrl('e2e-new-brand'));
      await expect(page).toHaveTitle(/Brand New Grocer$/);
      expect((await rawRequest({ host: 'bad.localhost', path: '/' })).status).toBe(404);
      expect((await rawRequest({ host: 'lins.localhost', path: '/' })).status).toBe(200);
    } finally {
      fs.rmSync(file, { force: true });
      fs.rmSync(bad, { force: true });
    }
  });
});
