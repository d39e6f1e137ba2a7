import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chakraClientTheme, CLIENT_THEME_FILE } from './chakra-client-theme';
import { getSystem } from '~/lib/theme/system';

/**
 * Recipes each Chakra export used by app code needs in the browser's system (getSystem). An
 * export missing here fails the test below: add its recipes to scripts/chakra-client-theme.ts
 * (then run it) and list it here. Without its recipe a component renders unstyled.
 */
const NEEDS: Record<string, string[]> = {
  Button: ['button', 'spinner'], // a loading button shows a Spinner
  IconButton: ['button', 'spinner'],
  CloseButton: ['button', 'spinner'],
  Spinner: ['spinner'],
  Dialog: ['dialog'],
  Drawer: ['drawer'],
  Portal: [],
  ChakraProvider: [],
  visuallyHiddenStyle: [],
  createSystem: [],
  defaultBaseConfig: [],
  defineConfig: [],
};

function appModules(dir = 'app'): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const file = path.join(dir, e.name);
    if (e.isDirectory()) return appModules(file);
    return /\.tsx?$/.test(e.name) && !/\.test(-utils)?\.tsx?$/.test(e.name) ? [file] : [];
  });
}

/** Value imports from '@chakra-ui/react' of the modules the browser bundle can include. */
function chakraImports() {
  const found = new Map<string, string>();
  for (const file of appModules()) {
    if (/\.server\.tsx?$/.test(file)) continue;
    const source = fs.readFileSync(file, 'utf8');
    for (const m of source.matchAll(
      /import\s+(type\s+)?\{([^}]*)\}\s+from\s+'@chakra-ui\/react'/g,
    )) {
      if (m[1]) continue;
      for (const spec of m[2].split(',').map((s) => s.trim())) {
        if (spec && !spec.startsWith('type ')) found.set(spec.split(/\s+as\s+/)[0], file);
      }
    }
  }
  return found;
}

describe("the browser's Chakra system", () => {
  it('is built from the current chakra-client-theme.json', () => {
    const file = JSON.parse(fs.readFileSync(CLIENT_THEME_FILE, 'utf8'));
    expect(
      file,
      `${CLIENT_THEME_FILE} is out of date: run node --import tsx scripts/chakra-client-theme.ts`,
    ).toEqual(chakraClientTheme());
  });

  it('has the recipes of every Chakra component the app renders', () => {
    const system = getSystem({ primary: '#123456', secondary: '#654321' });
    const imports = chakraImports();
    expect([...imports.keys()]).toEqual(expect.arrayContaining(['ChakraProvider', 'Dialog']));
    for (const [name, file] of imports) {
      const needs = NEEDS[name];
      expect(needs, `${file} imports ${name} from Chakra: list its recipes in NEEDS`).toBeDefined();
      for (const recipe of needs) {
        expect(system.hasRecipe(recipe), `${name} needs the '${recipe}' recipe`).toBe(true);
      }
    }
  });

  it('keeps the full Chakra theme out of browser modules', () => {
    for (const file of appModules()) {
      if (/\.server\.tsx?$/.test(file)) continue;
      expect(
        fs.readFileSync(file, 'utf8'),
        `${file}: @chakra-ui/react/theme bundles every recipe`,
      ).not.toMatch(/from '@chakra-ui\/react\/theme'/);
    }
    for (const name of ['defaultSystem', 'defaultConfig', 'system']) {
      expect(chakraImports().get(name), `${name} bundles every recipe`).toBeUndefined();
    }
  });
});
