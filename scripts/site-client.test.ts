import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SITE_SERVER_ARGS, SITE_V8_FLAGS } from './site-client';

describe('the site process command line', () => {
  it('runs the compiled entry with the V8 flags, last the file (scripts/lighthouse.ts reads it)', () => {
    expect(SITE_SERVER_ARGS.at(-1)).toBe('build/server/index.mjs');
    expect(SITE_V8_FLAGS.length).toBeGreaterThan(0);
    for (const flag of SITE_V8_FLAGS) expect(SITE_SERVER_ARGS).toContain(flag);
  });

  it('is what npm start runs too (scripts/start.mjs cannot import TypeScript)', () => {
    const start = fs.readFileSync('scripts/start.mjs', 'utf8');
    const spawned = /spawn\(\s*process\.execPath,\s*\[([^\]]*)\]/.exec(start)?.[1] ?? '';
    const args = [...spawned.matchAll(/'([^']+)'/g)].map((m) => m[1]);
    expect(args).toEqual(SITE_SERVER_ARGS);
  });

  it('is what npm run serve runs', () => {
    const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts.serve).toBe(['node', ...SITE_SERVER_ARGS].join(' '));
  });
});
