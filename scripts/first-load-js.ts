// The project's one measure of a page's first-load JavaScript, used by `npm run bench` and the
// budget test (e2e/ops/js-budget.spec.ts): every script the first load of a page fetches, read from
// its HTML (the entry module, the chunks the start script preloads (listed in its data-chunks
// attribute; app/lib/browser/page-scripts.tsx) or a <link rel="modulepreload"> names, the route
// modules the hydration script imports, and any external <script src>), summed as gzip (level 9)
// sizes.
import zlib from 'node:zlib';
import { CHUNKS_ATTRIBUTE } from '../app/lib/browser/inline/start-script';

/** First-load JavaScript budget of every page, gzip bytes (160 KB: README "Tests"). */
export const FIRST_LOAD_JS_BUDGET = 160 * 1024;

/** The script addresses a page's first load fetches, in the order its HTML names them. */
export function firstLoadScripts(html: string): string[] {
  const urls = new Set<string>();
  for (const m of html.matchAll(new RegExp(`\\s${CHUNKS_ATTRIBUTE}="([^"]*)"`, 'g'))) {
    for (const u of parseList(unescapeAttribute(m[1]))) urls.add(u);
  }
  for (const m of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) urls.add(m[1]);
  for (const m of html.matchAll(/import \* as route\d+ from "([^"]+)"/g)) urls.add(m[1]);
  for (const m of html.matchAll(/import\("([^"]+\.js)"\)/g)) urls.add(m[1]);
  for (const m of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) urls.add(m[1]);
  return [...urls];
}

/** An attribute's value as React escapes it (`&quot;` and the like), unescaped. */
function unescapeAttribute(value: string): string {
  const named: Record<string, string> = { quot: '"', amp: '&', lt: '<', gt: '>', apos: "'" };
  return value.replace(/&(?:#x([0-9a-f]+)|#(\d+)|(\w+));/gi, (all, hex, dec, name) =>
    hex
      ? String.fromCodePoint(parseInt(hex, 16))
      : dec
        ? String.fromCodePoint(Number(dec))
        : (named[name] ?? all),
  );
}

/** The addresses of a JSON list of strings; none where the text is not one. */
function parseList(json: string): string[] {
  try {
    const list: unknown = JSON.parse(json);
    return Array.isArray(list) ? list.filter((u): u is string => typeof u === 'string') : [];
  } catch {
    return [];
  }
}

export interface FirstLoadJs {
  files: number;
  /** Bytes as served (uncompressed). */
  raw: number;
  /** Sum of each script's gzip size. */
  gz: number;
}

/** Sum of gzip sizes of the scripts a first load fetches; `fetchBody` reads one address. */
export async function firstLoadJs(
  html: string,
  fetchBody: (url: string) => Promise<Buffer>,
): Promise<FirstLoadJs> {
  const urls = firstLoadScripts(html);
  let raw = 0;
  let gz = 0;
  for (const u of urls) {
    const body = await fetchBody(u);
    raw += body.length;
    gz += zlib.gzipSync(body, { level: 9 }).length;
  }
  return { files: urls.length, raw, gz };
}
