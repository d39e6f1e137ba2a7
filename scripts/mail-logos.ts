// `npm run mail-logos`: draws each brand's site logo (an SVG, which Gmail and Outlook do not show)
// as a PNG for the top of its e-mails, at twice its size for sharp screens, beside the SVG:
// content/<brand>/images/logo.svg -> content/<brand>/images/mail-logo.png. An operator points the
// tenant file's `mail.logo` at it (docs/reference/email.md). Uses the Chromium the tests use.
//
//   npm run mail-logos                  every brand whose logo is an SVG of its content folder
//   npm run mail-logos -- --brand dans  one brand
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { loadTenants } from '~/lib/tenant/registry.server';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '../playwright.config';

const { values: args } = parseArgs({ options: { brand: { type: 'string' } } });
const browserPath = CHROMIUM_EXECUTABLE;
if (!browserPath) {
  process.stderr.write('mail-logos: no Chromium (apt-get install chromium-headless-shell)\n');
  process.exit(1);
}

const { tenants } = loadTenants(path.resolve('tenants'), 3000);
const chosen = tenants.filter((t) => !args.brand || t.sitePath === args.brand);
if (!chosen.length) {
  process.stderr.write(`mail-logos: no brand "${args.brand}"\n`);
  process.exit(1);
}
const browser = await chromium.launch({ executablePath: browserPath, args: CHROMIUM_ARGS });
try {
  for (const tenant of chosen) {
    if (!tenant.logo) {
      process.stdout.write(`${tenant.sitePath}: no logo in its tenant file, skipped\n`);
      continue;
    }
    const svg = path.resolve('content', tenant.sitePath, tenant.logo.src.replace(/^\//, ''));
    if (!svg.endsWith('.svg') || !fs.existsSync(svg)) {
      process.stdout.write(`${tenant.sitePath}: no SVG logo at ${svg}, skipped\n`);
      continue;
    }
    const { width, height } = tenant.logo;
    const page = await browser.newPage({ viewport: { width, height }, deviceScaleFactor: 2 });
    const markup = fs.readFileSync(svg, 'utf8');
    // On white, as the mail's header is; the SVG drawn at the size the tenant gives it.
    await page.setContent(
      `<html><body style="margin:0;background:#fff"><div style="width:${width}px;height:${height}px">${markup}</div></body></html>`,
    );
    await page.$eval(
      'svg',
      (el, size) => {
        el.setAttribute('width', String(size.width));
        el.setAttribute('height', String(size.height));
      },
      { width, height },
    );
    const out = path.join(path.dirname(svg), 'mail-logo.png');
    await page.screenshot({ path: out, clip: { x: 0, y: 0, width, height } });
    await page.close();
    process.stdout.write(
      `${tenant.sitePath}: ${path.relative(process.cwd(), out)} (${width * 2}×${height * 2}, ${fs.statSync(out).size} bytes)\n`,
    );
  }
} finally {
  await browser.close();
}
