#!/usr/bin/env node
// Part of `npm run build`, after `remix build`: bundles the service worker
// (app/lib/offline/service-worker.ts, with Workbox's runtime modules) into build/sw.js, which
// server/app.ts serves at /sw.js (docs/decisions/0035-service-worker.md).
//
// Its precache list is the shell's own files from the Remix build manifest: the manifest itself,
// the client entry and the root route's module, their shared chunks and styles. Not every route's
// chunk: a kept page's chunks are in the browser's cache (immutable for a year) once visited, and
// the offline page needs none (it is served without scripts).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const buildDir = path.join(root, 'public', 'build');
const manifests = fs
  .readdirSync(buildDir)
  .filter((f) => /^manifest-[A-Z0-9]+\.js$/.test(f))
  .map((f) => ({ f, time: fs.statSync(path.join(buildDir, f)).mtimeMs }))
  .sort((a, b) => b.time - a.time);
if (!manifests.length) throw new Error('No Remix build manifest in public/build: run remix build');
const manifestFile = manifests[0].f;
const source = fs.readFileSync(path.join(buildDir, manifestFile), 'utf8');
const manifest = JSON.parse(source.slice(source.indexOf('=') + 1).replace(/;\s*$/, ''));

const rootRoute = manifest.routes.root;
const urls = [
  `/build/${manifestFile}`,
  manifest.entry.module,
  ...manifest.entry.imports,
  rootRoute.module,
  ...(rootRoute.imports ?? []),
  ...(rootRoute.css ?? []),
];
const precache = [...new Set(urls)].map((url) => ({ url, revision: null }));

const started = Date.now();
const outfile = path.join(root, 'build', 'sw.js');
await esbuild.build({
  absWorkingDir: root,
  entryPoints: ['app/lib/offline/service-worker.ts'],
  outfile,
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: 'es2020',
  minify: true,
  legalComments: 'none',
  tsconfig: path.join(root, 'tsconfig.json'),
  define: {
    'process.env.NODE_ENV': '"production"',
    __PRECACHE_MANIFEST__: JSON.stringify(precache),
  },
  // The deployment's version in the script: a new build is a new worker for the browser.
  banner: { js: `/* build ${manifest.version} */` },
  logLevel: 'warning',
});
console.log(
  `service worker: build/sw.js (${Math.round(fs.statSync(outfile).size / 1024)} KB, ${precache.length} files precached, ${Date.now() - started} ms)`,
);
