import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EmbeddedDbInUseError, LOCK_FILE, lockEmbeddedDb } from './pglite-lock.server';

const dirs: string[] = [];
function folder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-lock-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const lockFile = (dir: string) => path.join(dir, LOCK_FILE);
const write = (dir: string, held: { pid: number; dir: string }) =>
  fs.writeFileSync(lockFile(dir), JSON.stringify(held));

describe('the embedded database lock', () => {
  it('refuses a folder another live Node.js process holds, and names it', () => {
    const dir = folder();
    // A live Node.js process that is not this one.
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      write(dir, { pid: other.pid!, dir: path.resolve(dir) });
      expect(() => lockEmbeddedDb(dir)).toThrow(EmbeddedDbInUseError);
      expect(() => lockEmbeddedDb(dir)).toThrow(`open in process ${other.pid}`);
    } finally {
      other.kill();
    }
  });

  it('takes over a lock whose process is gone, or that names another folder (a copy)', () => {
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    const gone = Number(dead.stdout.toString());
    const dir = folder();
    write(dir, { pid: gone, dir: path.resolve(dir) });
    const release = lockEmbeddedDb(dir);
    expect(JSON.parse(fs.readFileSync(lockFile(dir), 'utf8'))).toEqual({
      pid: process.pid,
      dir: path.resolve(dir),
    });
    release();

    const copy = folder();
    // A live Node.js process (this one), but the lock was copied from another folder.
    write(copy, { pid: process.pid, dir: '/somewhere/else/db' });
    lockEmbeddedDb(copy)();
    expect(fs.existsSync(lockFile(copy))).toBe(false);
  });

  it('gives the folder back on release; a second open in the same process takes nothing', () => {
    const dir = folder();
    const release = lockEmbeddedDb(dir);
    expect(fs.existsSync(lockFile(dir))).toBe(true);
    lockEmbeddedDb(dir)();
    // The inner release leaves the outer lock in place.
    expect(fs.existsSync(lockFile(dir))).toBe(true);
    release();
    expect(fs.existsSync(lockFile(dir))).toBe(false);
    lockEmbeddedDb(dir)();
  });
});
