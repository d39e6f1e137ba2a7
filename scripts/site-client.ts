// Small HTTP helpers the measuring scripts (bench, footprint) share: they talk to a site process
// on 127.0.0.1 with a brand's Host header, as a browser behind the brand's name would.
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

export interface Shopper {
  email: string;
  password: string;
}

/** Logs a demo shopper in through the /login form; resolves to the `__session=…` cookie. */
export function logIn(port: number, host: string, shopper: Shopper): Promise<string> {
  const body = new URLSearchParams({ intent: 'login', ...shopper }).toString();
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: '/login',
        method: 'POST',
        headers: {
          host,
          origin: `http://${host}`,
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        res.resume();
        const cookie = (res.headers['set-cookie'] ?? [])
          .map((c) => c.split(';')[0])
          .find((c) => c.startsWith('__session='));
        if (res.statusCode === 302 && cookie) resolve(cookie);
        else reject(new Error(`login as ${shopper.email} answered ${res.statusCode}`));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Resolves once `url` answers 2xx; rejects after `timeoutMs`. */
export async function waitForHealth(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not come up`);
    await sleep(250);
  }
}

/**
 * V8's young generation (per semi-space, MB) for the site process. A page rendered for a
 * shopper allocates a few MB that die with its answer; at the default 16 MB, pages in flight
 * fill the young generation every few pages and each scavenge copies the survivors of the pages
 * still rendering. 32 MB halves the scavenges for less CPU per page; the space grows only under
 * load (docs/decisions/0025-measured-costs-behind-small-choices.md). scripts/start.mjs passes
 * the same.
 */
export const SITE_V8_FLAGS = ['--max-semi-space-size=32'];

/**
 * How the production site process starts (what `npm start` runs once built): the compiled entry
 * of scripts/build-server.mjs, with stack traces mapped back to the TypeScript sources.
 */
export const SITE_SERVER_ARGS = [
  ...SITE_V8_FLAGS,
  '--enable-source-maps',
  'build/server/index.mjs',
];
