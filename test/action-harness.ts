/**
 * Action tests against the reference loyalty service: a real service in memory (PGlite), the
 * demo tenants and content, real account services (site store, outbox mail, rate limits, bot
 * check) in a temporary folder, sessions in that site store, and a cookie jar per "browser". No
 * mock of our own service.
 *
 *   const h = await startActionHarness();           // in beforeAll (≈5 s: seeds the demo brands)
 *   const browser = h.browser(site);                // a demo tenant's sitePath
 *   const res = await browser.call(action, '/register', { firstName: 'Ann', ... });
 *   expect(res.status).toBe(302);
 *   await h.close();                                // in afterAll
 *
 * `browser.call` runs a Remix loader or action with a Request that carries the jar's cookies
 * (and the brand's Origin for posts), stores any Set-Cookie, and turns a thrown Response
 * (redirect) into the returned one.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AppLoadContext } from '@remix-run/node';
import { createAccountServices, type AccountServices } from '~/lib/services.server';
import { createContentService, type ContentService } from '~/content/source/content.server';
import { createAppLoadContext, type AppServices } from '~/lib/context.server';
import { parseEnv } from '~/lib/env.server';
import type { LoyaltyClient } from '~/lib/loyalty/client.server';
import { clearLoyaltyClients, loyaltyClientFor } from '~/lib/loyalty/credentials.server';
import { createSessionStorages, type AppSession } from '~/lib/session/session.server';
import { TenantRegistry } from '~/lib/tenant/registry.server';
import type { Tenant } from '~/lib/tenant/schema';
import {
  DEV_LOYALTY_BASIC,
  DEV_LOYALTY_BEARER,
  startLoyaltyService,
  type LoyaltyService,
} from '../services/loyalty/index';

const ROOT = path.resolve(__dirname, '..');

export interface HarnessOptions {
  /** Environment overrides (e.g. RATE_LIMIT_IP_PER_MINUTE). */
  env?: Record<string, string>;
  /** Only seed these brands (default: every demo tenant). */
  sites?: string[];
}

/** A Remix loader or action. */
type RouteFunction = (args: {
  request: Request;
  context: AppLoadContext;
  params: Record<string, string>;
}) => unknown;

export interface CallResult {
  status: number;
  headers: Headers;
  /** Location header of a redirect, else null. */
  location: string | null;
  /** The returned data (Remix `data()` payload or plain object), else null. */
  data: unknown;
}

export interface HarnessBrowser {
  tenant: Tenant;
  /** The request context of a plain GET with the jar's cookies (built anew on every read). */
  context: AppLoadContext;
  /** Calls a loader (GET, when `form` is omitted) or an action (POST with the form fields). */
  call(
    fn: RouteFunction,
    urlPath: string,
    form?: Record<string, string | string[]> | FormData,
    init?: { headers?: Record<string, string>; params?: Record<string, string> },
  ): Promise<CallResult>;
  /** The jar's current session (read through the brand's session storage). */
  session(): Promise<AppSession>;
  /** The brand's loyalty client, as the pages get it (context.loyalty). */
  loyalty: LoyaltyClient;
  /** The services this browser's requests see (a test may point one elsewhere). */
  services: AppServices;
  /** Builds `context` for the jar as it is now (before a test reads `context` first). */
  ready(): Promise<AppLoadContext>;
  /** The jar as a Cookie header. */
  cookie: string;
  /** Replaces the jar with a Cookie header: a cookie copied from another browser, or replayed. */
  useCookie(header: string): void;
}

export interface ActionHarness {
  services: AppServices;
  loyalty: LoyaltyService;
  accounts: AccountServices;
  content: ContentService;
  dataDir: string;
  tenant(site: string): Tenant;
  browser(site: string, init?: { clientIp?: string }): HarnessBrowser;
  close(): Promise<void>;
}

export async function startActionHarness(options: HarnessOptions = {}): Promise<ActionHarness> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'action-harness-'));
  const env = parseEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PORT: '3000',
    LOG_LEVEL: 'silent',
    BOT_CHECK_MIN_FILL_MS: '0',
    RATE_LIMIT_IP_PER_MINUTE: '1000',
    ...options.env,
  });
  const registry = new TenantRegistry(path.join(ROOT, 'tenants'), env.PORT);
  registry.reload();
  const content = createContentService({ dir: path.join(ROOT, 'content'), watch: false });
  const tenants = registry
    .all()
    .filter((t) => !options.sites || options.sites.includes(t.sitePath));
  const loyalty = await startLoyaltyService({
    dataDir: 'memory://',
    port: 0,
    apps: tenants.flatMap((t) =>
      t.services.loyalty
        ? [
            {
              appId: t.services.loyalty.appId,
              storeNumbers: content.retailerInfo(t.sitePath).locations.map((l) => l.storeNumber),
              tiers: t.rewards.tiers,
              retailerName: t.retailerName,
            },
          ]
        : [],
    ),
  });
  const secret = 'action-harness-session-secret-0123456789abcdef';
  const accounts = await createAccountServices(env, secret);
  const services: AppServices = {
    env,
    content,
    accounts,
    sessions: createSessionStorages(accounts.siteStore, secret, false),
    loyalty: {
      embedded: { url: loyalty.url, basic: DEV_LOYALTY_BASIC, bearer: DEV_LOYALTY_BEARER },
    },
    references: { adviewer: null, mailingList: null, sso: null },
  };

  const tenant = (site: string) => {
    const t = registry.get(site);
    if (!t) throw new Error(`no demo tenant "${site}"`);
    return t;
  };

  return {
    services,
    loyalty,
    accounts,
    content,
    dataDir,
    tenant,
    browser(site, init = {}) {
      const t = tenant(site);
      // Built per request, from the request's cookies, as server/app.ts does.
      const contextFor = (cookie: string | null) =>
        createAppLoadContext(browser.services, {
          tenant: t,
          nonce: 'test-nonce',
          https: false,
          clientIp: init.clientIp ?? '203.0.113.7',
          cookie,
        });
      let lastContext: AppLoadContext | null = null;
      const origin = `http://${t.hostnames[0]}:${env.PORT}`;
      const jar = new Map<string, string>();
      const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
      const browser: HarnessBrowser = {
        tenant: t,
        loyalty: loyaltyClientFor(t, env, services.loyalty.embedded),
        services,
        get context() {
          if (!lastContext) throw new Error('call browser.ready() (or any call) first');
          return lastContext;
        },
        get cookie() {
          return cookieHeader();
        },
        useCookie(header) {
          jar.clear();
          for (const pair of header.split(';')) {
            const eq = pair.indexOf('=');
            if (eq > 0) jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
          }
        },
        async ready() {
          lastContext = await contextFor(cookieHeader() || null);
          return lastContext;
        },
        async session() {
          return (await contextFor(cookieHeader() || null)).session;
        },
        async call(fn, urlPath, form, callInit = {}) {
          const headers = new Headers(callInit.headers);
          if (jar.size) headers.set('Cookie', cookieHeader());
          let body: FormData | undefined;
          if (form) {
            headers.set('Origin', origin);
            if (form instanceof FormData) body = form;
            else {
              body = new FormData();
              for (const [k, v] of Object.entries(form)) {
                for (const item of Array.isArray(v) ? v : [v]) body.append(k, item);
              }
            }
          }
          const request = new Request(origin + urlPath, {
            method: form ? 'POST' : 'GET',
            headers,
            body,
          });
          const context = await contextFor(request.headers.get('Cookie'));
          lastContext = context;
          let result: unknown;
          try {
            result = await fn({ request, context, params: callInit.params ?? {} });
          } catch (thrown) {
            if (thrown instanceof Response) result = thrown;
            else throw thrown;
          }
          return toCallResult(result, jar);
        },
      };
      return browser;
    },
    async close() {
      clearLoyaltyClients();
      await accounts.close();
      await loyalty.close();
      content.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Remix `data()` results are DataWithResponseInit objects ({ type, data, init }). */
interface DataWithInit {
  type: 'DataWithResponseInit';
  data: unknown;
  init: ResponseInit | null;
}

function isDataWithInit(value: unknown): value is DataWithInit {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { type?: unknown }).type === 'DataWithResponseInit'
  );
}

async function toCallResult(result: unknown, jar: Map<string, string>): Promise<CallResult> {
  let status = 200;
  let headers = new Headers();
  let payload: unknown = result ?? null;
  if (result instanceof Response) {
    status = result.status;
    headers = result.headers;
    const text = status >= 300 && status < 400 ? '' : await result.text();
    try {
      payload = text ? JSON.parse(text) : null;
    } catch {
      payload = text;
    }
  } else if (isDataWithInit(result)) {
    status = result.init?.status ?? 200;
    headers = new Headers(result.init?.headers);
    payload = result.data;
  }
  for (const cookie of headers.getSetCookie()) {
    const [pair, ...attrs] = cookie.split(';');
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    const expired = attrs.some((a) => /^\s*(max-age=0|expires=thu, 01 jan 1970)/i.test(a));
    if (!value || expired) jar.delete(name);
    else jar.set(name, value);
  }
  return { status, headers, location: headers.get('Location'), data: payload };
}

/** What a loader or action answers, without Remix's `data()` wrapper. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type DataOf<F extends (...args: any[]) => unknown> =
  Awaited<ReturnType<F>> extends infer R
    ? R extends { data: infer D; init: ResponseInit | null }
      ? D
      : R
    : never;
