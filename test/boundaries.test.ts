import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The import boundaries of eslint.config.js bite: each import below, written into a file at the
 * given place, must fail lint with the boundary rule, and the allowed ones must pass it.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function boundaryErrors(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const refused: [string, string, RegExp][] = [
  [
    'app/accounts/x.server.ts',
    "import '../../services/loyalty/credentials';",
    /services only over HTTP/,
  ],
  ['app/lib/x.ts', "import '~/content/source/types';", /never imports an area/],
  ['app/lib/session/x.ts', "import '~/stores/home-store/home-store';", /never imports an area/],
  ['app/accounts/x.server.ts', "import '~/rewards/charity.server';", /another area's server/],
  ['app/shell/x.tsx', "import '~/content/source/content.server';", /another area's server/],
  ['app/stores/x.ts', "import '../shell/types';", /through the ~\/ alias/],
  ['app/coupons/x.ts', "import '~/routes/login';", /routes → areas/],
  ['app/shell/x.ts', "import '~/root';", /routes → areas/],
  ['services/loyalty/x.ts', "import '~/lib/money';", /never imports app/],
  ['services/sso/x.ts', "import '../../app/lib/money';", /never imports app/],
  ['common/x.ts', "import '~/lib/money';", /imports nothing of the app/],
];

const allowed: [string, string][] = [
  ['app/accounts/x.server.ts', "import '~/content/source/types';"],
  ['app/shell/x.tsx', "import '~/accounts/login-dialog';"],
  ['app/accounts/x.server.ts', "import './register.server';"],
  ['app/routes/x.tsx', "import '~/rewards/charity.server';"],
  ['app/lib/x.ts', "import '~/lib/money';"],
  ['app/accounts/x.server.test.ts', "import '~/rewards/charity.server';"],
];

describe('import boundaries (lint)', () => {
  it.each(refused)('refuses in %s: %s', async (file, source, message) => {
    const errors = await boundaryErrors(file, source);
    expect(errors.join('\n')).toMatch(message);
  });

  it.each(allowed)('allows in %s: %s', async (file, source) => {
    expect(await boundaryErrors(file, source)).toEqual([]);
  });
});
