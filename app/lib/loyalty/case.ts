/**
 * Key conversion for loyalty API responses: the API answers with PascalCase keys (as a .NET
 * backend does) and the site works in camelCase: every response key is converted
 * (docs/loyalty-api.md "Conventions"). snake_case and kebab-case keys (token endpoints) are converted too.
 */

/**
 * `FrqShopperNo` → `frqShopperNo`, `access_token` → `accessToken`, `ID` → `id`,
 * `HTMLText` → `htmlText`, `OfferImage1` → `offerImage1`. Keys already in camelCase are unchanged.
 */
export function toCamelCase(key: string): string {
  let converted = camelKeys.get(key);
  if (converted === undefined) {
    // The API has a few dozen keys: a bound keeps a backend that invents keys from growing it.
    if (camelKeys.size >= CAMEL_KEYS_MAX) camelKeys.clear();
    camelKeys.set(key, (converted = convertKey(key)));
  }
  return converted;
}

/** Keys converted so far: the same few dozen in every answer (a split and regexes each). */
const camelKeys = new Map<string, string>();
const CAMEL_KEYS_MAX = 1000;

function convertKey(key: string): string {
  const words = key.split(/[_\-\s]+/).filter(Boolean);
  if (words.length === 0) return key;
  return words
    .map((word, index) => {
      const lowered = lowerLeading(word);
      return index === 0 ? lowered : lowered.charAt(0).toUpperCase() + lowered.slice(1);
    })
    .join('');
}

/** Lower-cases a leading run of capitals: `Frq` → `frq`, `ID` → `id`, `HTMLText` → `htmlText`. */
function lowerLeading(word: string): string {
  const run = /^[A-Z]+/.exec(word)?.[0] ?? '';
  if (run.length === 0) return word;
  if (run.length === word.length) return word.toLowerCase();
  // A run of several capitals followed by a lower-case letter keeps its last capital as the start
  // of the next word (HTMLText → htmlText); a single capital is simply lowered (Frq → frq).
  const next = word.charAt(run.length);
  const keep = run.length > 1 && /[a-z]/.test(next) ? 1 : 0;
  return run.slice(0, run.length - keep).toLowerCase() + word.slice(run.length - keep);
}

/**
 * Converts every object key of a parsed JSON value to camelCase, through arrays and nested objects.
 * Values are never changed. The result is built from plain objects so a key such as `__proto__`
 * can never reach a prototype.
 */
export function camelCaseKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelCaseKeys);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    const camel = toCamelCase(key);
    // Conversion drops underscores, so no converted key is `__proto__`; checked all the same,
    // as a plain assignment of that key would set the object's prototype.
    if (camel === '__proto__') {
      Object.defineProperty(out, camel, {
        value: camelCaseKeys(inner),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    } else out[camel] = camelCaseKeys(inner);
  }
  return out;
}
