#!/usr/bin/env node
// `npm start`: builds the app when the build is missing or older than the sources, then serves
// every brand on the embedded defaults: one process, or with WEB_CONCURRENCY=N a cluster primary
// and N workers (server.ts, server/cluster.ts; decision 0019).
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The app build (Remix) and the compiled HTTP entry (scripts/build-server.mjs).
const buildFiles = ['build/index.js', 'build/server/index.mjs'].map((f) => path.join(root, f));

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else newest = Math.max(newest, fs.statSync(full).mtimeMs);
  }
  return newest;
}

function needsBuild() {
  if (!buildFiles.every((f) => fs.existsSync(f))) return true;
  const built = Math.min(...buildFiles.map((f) => fs.statSync(f).mtimeMs));
  const sources = Math.max(
    ...['app', 'server', 'services', 'common'].map((d) => newestMtime(path.join(root, d))),
    ...['server.ts', 'remix.config.js', 'package.json', 'tsconfig.json'].map(
      (f) => fs.statSync(path.join(root, f)).mtimeMs,
    ),
  );
  return sources > built;
}

if (needsBuild()) {
  console.log('Building the site...');
  const r = spawnSync('npm', ['run', '-s', 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// Compiled JavaScript, no TypeScript loader in the serving process (scripts/build-server.mjs),
// with the young generation of SITE_V8_FLAGS in scripts/site-client.ts (a cluster's workers
// inherit it).
const child = spawn(
  process.execPath,
  ['--max-semi-space-size=32', '--enable-source-maps', 'build/server/index.mjs'],
  {
    cwd: root,
    stdio: 'inherit',
    env: { NODE_ENV: 'production', ...process.env },
  },
);
// The server shuts down cleanly on SIGTERM / SIGINT (server/shutdown.ts; a cluster primary first
// stops its workers); this process ends with it.
const stop = (signal) => {
  if (child.exitCode === null && child.signalCode === null) child.kill(signal);
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));

// `npm start` runs this file through `sh -c`. npm 11 forwards SIGTERM and SIGINT to that shell
// only, and dash (Debian's sh) neither exec-s node nor passes the signal on: it dies of it, so
// the signal never reached us and the server kept serving. When npm's shell is gone, this
// process has a new parent: take that as SIGTERM. Only under npm: started directly (e.g. with
// nohup), a parent that goes away is no reason to stop.
let watch;
if (process.env.npm_lifecycle_event) {
  const parent = process.ppid;
  watch = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(watch);
    console.log('npm start was stopped: stopping the server');
    stop('SIGTERM');
  }, 200);
}
child.on('exit', (code, signal) => {
  clearInterval(watch);
  process.exit(code ?? 128 + (os.constants.signals[signal] ?? 0));
});
