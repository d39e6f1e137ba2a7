#!/usr/bin/env node
// `npm start`: builds the app when the build is missing or older than the sources, then serves
// every brand on the embedded defaults.
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const buildFile = path.join(root, 'build', 'index.js');

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
  if (!fs.existsSync(buildFile)) return true;
  const built = fs.statSync(buildFile).mtimeMs;
  const sources = Math.max(
    newestMtime(path.join(root, 'app')),
    ...['remix.config.js', 'package.json'].map((f) => fs.statSync(path.join(root, f)).mtimeMs),
  );
  return sources > built;
}

if (needsBuild()) {
  console.log('Building the site...');
  const r = spawnSync('npx', ['remix', 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const child = spawn(process.execPath, ['--import', 'tsx', 'server.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
