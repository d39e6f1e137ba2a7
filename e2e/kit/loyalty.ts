import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { E2E_DATA_DIR } from '../../playwright.config';
import { PORT } from './support';

/**
 * The loyalty API of the e2e server (the reference service it runs in-process; calls as in
 * docs/loyalty-api.md), for the shoppers a test registers for itself.
 *
 * The embedded service listens on a free loopback port: its address is the loyalty origin the
 * site's client reports on /metrics (asked on the machine's own address). The e2e server (and a
 * test's own site process) runs with NODE_ENV=production, so the service's credentials are the
 * ones it generated into the data folder (DATA_DIR/loyalty-credentials.json) at its first start.
 */
export interface LoyaltyApi {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  url: string;
  /** Bearer token of the `/loyalty/{appId}/*` calls. */
  bearer: string;
}

/** A Customer as the service answers it (PascalCase on the wire), the fields tests read. */
export interface LoyaltyCustomer {
  FrqShopperNo: string;
  FirstName: string;
  LastName: string;
  EmailAddress: string | null;
  Phone: string;
  MyStore: string;
}

export class LoyaltyCallError extends Error {
  name = 'LoyaltyCallError';
  constructor(
    readonly status: number,
    readonly code: number | undefined,
    message: string,
  ) {
    super(message);
  }
}

/** A GET to a site process on loopback with a Host header (Node resolves no *.localhost). */
function get(port: number, host: string, pathname: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: pathname, headers: { host } }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString('utf8')));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

/** The loyalty origins a site process's client has called, from its /metrics. */
async function calledOrigins(port: number): Promise<string[]> {
  const metrics = await get(port, '127.0.0.1', '/metrics');
  if (metrics.status !== 200) throw new Error(`/metrics answered ${metrics.status}`);
  const origins = [...metrics.body.matchAll(/^loyalty_call_duration_seconds_count\{[^}]*\}/gm)]
    .map((m) => /origin="([^"]+)"/.exec(m[0])?.[1])
    .filter((o): o is string => Boolean(o));
  return [...new Set(origins)];
}

/**
 * The embedded loyalty API of a site process on `port` whose data folder is `dataDir` (started
 * in production mode: credentials generated there).
 */
export async function discoverLoyaltyApi(port: number, dataDir: string): Promise<LoyaltyApi> {
  let origins = await calledOrigins(port);
  if (origins.length === 0) {
    // No page has needed the loyalty API yet: a guest's coupon list calls it.
    const coupons = await get(port, `lins.localhost:${port}`, '/digital-coupons');
    if (coupons.status !== 200) throw new Error(`/digital-coupons answered ${coupons.status}`);
    origins = await calledOrigins(port);
  }
  const embedded = origins.filter((o) => /^http:\/\/127\.0\.0\.1:\d+$/.test(o));
  if (embedded.length !== 1) {
    throw new Error(
      `expected one embedded loyalty origin on /metrics, found ${origins.join(', ')}`,
    );
  }
  const file = path.join(dataDir, 'loyalty-credentials.json');
  const { bearer } = JSON.parse(fs.readFileSync(file, 'utf8')) as { bearer: string };
  return { url: embedded[0], bearer };
}

let e2eApi: Promise<LoyaltyApi> | null = null;

/** The e2e server's loyalty API (found once per worker). */
export function e2eLoyaltyApi(): Promise<LoyaltyApi> {
  e2eApi ??= discoverLoyaltyApi(PORT, E2E_DATA_DIR).catch((error: unknown) => {
    e2eApi = null;
    throw error;
  });
  return e2eApi;
}

/** One call with the Bearer credential; a non-2xx answer throws a LoyaltyCallError. */
export async function loyaltyCall<T>(
  api: LoyaltyApi,
  method: 'GET' | 'POST' | 'PUT',
  pathname: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${api.url}${pathname}`, {
    method,
    headers: {
      authorization: `Bearer ${api.bearer}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) {
    let code: number | undefined;
    let reason = text;
    try {
      const error = JSON.parse(text) as { Code?: number; Reason?: string };
      code = error.Code;
      reason = error.Reason ?? text;
    } catch {
      // not the service's error shape: the text says what happened
    }
    throw new LoyaltyCallError(res.status, code, `${method} ${pathname}: ${res.status} ${reason}`);
  }
  return JSON.parse(text) as T;
}

export interface RegisterFields {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  password: string;
  /** Home store number ('0012'); none when left out. */
  myStore?: string;
}

/** Registers a shopper (call 4); 409 code 21/22 when the e-mail or the phone is taken. */
export function registerCustomer(
  api: LoyaltyApi,
  appId: string,
  fields: RegisterFields,
): Promise<LoyaltyCustomer> {
  return loyaltyCall<LoyaltyCustomer>(api, 'POST', `/loyalty/${appId}/customer/register`, fields);
}

/** The brand's current terms version (call 19). */
export async function currentTermsVersion(api: LoyaltyApi, appId: string): Promise<number> {
  const agreements = await loyaltyCall<{ CurrentTerms: { CurrentTermsVersion: number }[] }>(
    api,
    'GET',
    `/loyalty/${appId}/customer/agreements?action=GET`,
  );
  const [current] = agreements.CurrentTerms;
  if (!current) throw new Error(`${appId} has no current terms`);
  return current.CurrentTermsVersion;
}

/** Records that the shopper accepted a terms version (call 20). */
export async function acceptTermsVersion(
  api: LoyaltyApi,
  appId: string,
  frqShopperNo: string,
  version: number,
): Promise<void> {
  await loyaltyCall(
    api,
    'POST',
    `/loyalty/${appId}/customermanagement/termsandconditions/${frqShopperNo}/${version}`,
  );
}
