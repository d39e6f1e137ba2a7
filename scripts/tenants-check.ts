// `npm run tenants:check`: validates every tenant file and its content (dates, links to posts,
// images present, menus) and that tenants/schema.json is current. Exits 1 on any problem.
import fs from 'node:fs';
import path from 'node:path';
import { createContentService } from '../app/content/source/content.server';
import { REDIRECTS } from '../app/lib/redirects';
import { deriveShortName, SHORT_NAME_MAX } from '../app/lib/offline/app-manifest';
import { loadTenants } from '../app/lib/tenant/registry.server';
import { resolvesOnSite, ROUTES_DIR, staticRoutePaths } from './site-paths';
import { tenantJsonSchema } from './tenants-schema';

const tenantsDir = path.resolve(process.env.TENANTS_DIR ?? 'tenants');
const contentDir = path.resolve(process.env.CONTENT_DIR ?? 'content');

const problems: string[] = [];
const { tenants, problems: tenantProblems } = loadTenants(tenantsDir, 3000);
for (const p of tenantProblems) problems.push(`tenants/${p.file}: ${p.message}`);

/**
 * Redirect targets whose page another area brings (listed, so the gap is printed every run and
 * the line is removed when the page lands): nothing else may point at a missing page.
 */
const PAGES_TO_COME: Record<string, string> = {};

const content = createContentService({ dir: contentDir });
const routePaths = staticRoutePaths(ROUTES_DIR);
for (const [from, to] of Object.entries(PAGES_TO_COME)) {
  console.log(`note: redirects to ${from} are not checked yet (${to})`);
}
for (const t of tenants) {
  const site = t.sitePath;
  if (!fs.existsSync(path.join(contentDir, site))) {
    console.log(`${t.file}: no content/${site}/ folder; the brand shows shared content only`);
  }
  if (!t.shortName && deriveShortName(t.retailerName) !== t.retailerName) {
    console.log(
      `${t.file}: no shortName: the installed app is named '${deriveShortName(t.retailerName)}' (set shortName, at most ${SHORT_NAME_MAX} characters, to choose)`,
    );
  }
  for (const p of content.problems(site)) problems.push(`${p.file}: ${p.message}`);
  if (t.logo && !content.imageFile(site, t.logo.src)) {
    problems.push(
      `tenants/${t.file}: logo.src ${t.logo.src} does not exist under content/${site}/images or content/shared/images`,
    );
  }
  if (
    t.favicon &&
    !content.imageFile(site, t.favicon) &&
    !fs.existsSync(path.join('public', t.favicon))
  ) {
    problems.push(`tenants/${t.file}: favicon ${t.favicon} does not exist`);
  }
  if (!content.home(site)) problems.push(`content/${site}: no posts/home.md (the home page)`);
  // The permanent redirects (app/lib/redirects.ts): every target must be a page on every brand
  // (shared content is fine).
  for (const [from, to] of Object.entries(REDIRECTS)) {
    if (to in PAGES_TO_COME || resolvesOnSite(content, site, to, routePaths)) continue;
    problems.push(
      `content/${site}: the redirect ${from} -> ${to} lands on no page (add the post or page, here or in content/shared/)`,
    );
  }
  const locations = content.retailerInfo(site).locations.filter((l) => !l.hidden);
  const index = t.stores.defaultLocationIndex;
  if (index !== undefined && !locations[index]) {
    problems.push(
      `tenants/${t.file}: stores.defaultLocationIndex ${index} but only ${locations.length} visible locations`,
    );
  }
  console.log(
    `${t.file}: ${t.retailerName}, ${locations.length} locations, ${content.posts(site, {}).length} visible posts`,
  );
}
content.close();

const schemaFile = path.join(tenantsDir, 'schema.json');
if (!fs.existsSync(schemaFile) || fs.readFileSync(schemaFile, 'utf8') !== tenantJsonSchema()) {
  problems.push('tenants/schema.json is out of date: run `npm run tenants:schema`');
}

// A problem in shared/ is reported once per brand; say it once.
const unique = [...new Set(problems)];
if (unique.length) {
  console.error(`\n${unique.length} problem(s):`);
  for (const p of unique) console.error(`  - ${p}`);
  process.exit(1);
}
console.log(`\nAll ${tenants.length} tenants and their content are valid.`);
