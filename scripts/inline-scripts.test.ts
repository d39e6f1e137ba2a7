import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as generated from '../app/lib/browser/inline/inline-scripts.generated';
import {
  buildInlineScripts,
  INLINE_SCRIPTS,
  INLINE_SCRIPTS_FILE,
  inlineScriptsModule,
} from './inline-scripts';

describe("the page's inline scripts", () => {
  it('are built from the current source of their modules', async () => {
    const built = await buildInlineScripts();
    expect(
      fs.readFileSync(INLINE_SCRIPTS_FILE, 'utf8'),
      `${INLINE_SCRIPTS_FILE} is out of date: run node --import tsx scripts/inline-scripts.ts`,
    ).toBe(await inlineScriptsModule(built));
    expect(Object.keys(generated).sort()).toEqual(Object.keys(INLINE_SCRIPTS).sort());
  });

  it('hold nothing that could end their script element or change with the encoding', () => {
    for (const [name, code] of Object.entries(generated)) {
      expect(code, name).not.toMatch(/<\/script|<!--/i);
      expect(code, name).toMatch(/^[\x20-\x7e]*$/);
    }
  });

  it('hold no text that reads as a module script or a modulepreload link of the markup', () => {
    // The page's checks (e2e/ops/js-budget.spec.ts) look for these in its whole text.
    for (const [name, code] of Object.entries(generated)) {
      expect(code, name).not.toMatch(/type="module"|rel="modulepreload"/);
    }
  });
});
