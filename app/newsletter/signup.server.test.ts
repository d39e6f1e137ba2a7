/**
 * The sign-up actions and pages against a real reference mailing-list service (memory store)
 * started here: what reaches the list, the outcome messages, and every way a post goes nowhere
 * (invalid, honeypot, over the limit) or fails (service stopped, provider hanging, no address).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startActionHarness, type ActionHarness, type CallResult } from '@test/action-harness';
import { startMailingListService, type MailingListService } from '@test/reference-services';
import { createRateLimits } from '~/lib/security/rate-limit.server';
import { loader as contentLoader } from '~/routes/$';
import { action as homeStoreAction } from '~/routes/home-store';
import { loader as pharmacyStoreLoader } from '~/routes/pharmacy.$store';
import { action as standardAction, loader as standardLoader } from '~/routes/newsletter';
import { action as aceAction, loader as aceLoader } from '~/routes/newsletter_.ace';
import { action as pharmacyAction, loader as pharmacyLoader } from '~/routes/newsletter_.pharmacy';
import { NEWSLETTER_MESSAGES, TRAP_FIELD } from './messages';
import { PROVIDER_TIMEOUT_MS } from './provider.server';
import type { SignupActionData, SignupSetup } from './types';

let h: ActionHarness;
let mailing: MailingListService;
/** A stand-in provider that counts calls (answers success) or never answers (/hang). */
let counter: http.Server;
let counterUrl = '';
let counted = 0;

beforeAll(async () => {
  [h, mailing] = await Promise.all([
    startActionHarness({ sites: ['lins', 'southend'] }),
    startMailingListService({ dataDir: 'memory://', port: 0 }),
  ]);
  h.services.references = { ...h.services.references, mailingList: mailing.url };
  counter = http.createServer((req, res) => {
    if (req.url?.startsWith('/hang')) return;
    counted += 1;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"result":"success","msg":"ok"}');
  });
  await new Promise<void>((resolve) => counter.listen(0, '127.0.0.1', resolve));
  counterUrl = `http://127.0.0.1:${(counter.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  counter?.closeAllConnections();
  await new Promise((resolve) => counter?.close(resolve));
  await mailing?.close();
  await h?.close();
});

afterEach(() => {
  for (const site of ['lins', 'southend']) {
    const { newsletter } = h.tenant(site);
    delete newsletter.subscribeUrl;
    delete newsletter.aceSubscribeUrl;
    delete newsletter.pharmacySubscribeUrl;
  }
});

let n = 0;
/** An address no other test uses. */
const unique = (name: string) => `${name}.${Date.now()}.${++n}@example.com`;

async function member(list: string, email: string) {
  const res = await fetch(
    `${mailing.url}/lists/${list}/members?email=${encodeURIComponent(email)}`,
  );
  return (await res.json()) as {
    subscribed: boolean;
    member?: Record<string, unknown>;
  };
}

const reply = (res: CallResult) => res.data as SignupActionData;
/** The form-level message of a subscribe answer (NEWSLETTER_MESSAGES), else null. */
function formMessage(res: CallResult): string | null {
  const data = reply(res);
  if (data.intent !== 'subscribe') return null;
  return data.result.error?.['']?.[0] ?? null;
}
function fieldErrors(res: CallResult) {
  const data = reply(res);
  return data.intent === 'subscribe' ? (data.result.error ?? {}) : {};
}

describe('the footer sign-up (standard list)', () => {
  it('offers the home selector locations and starts on the home store', async () => {
    const browser = h.browser('lins');
    let res = await browser.call(standardLoader, '/newsletter');
    let setup = (res.data as { setup: SignupSetup }).setup;
    expect(setup.variant).toBe('standard');
    expect(setup.action).toBe('/newsletter');
    expect(setup.stores.map((s) => s.value)).toEqual(['0012', '0021', '0034', '0045', '0057']);
    expect(setup.stores[1].label).toBe("Lin's St. George");
    expect(setup.selectedStore).toBeNull();
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');

    await browser.call(homeStoreAction, '/home-store', {
      intent: 'choose-home-store',
      storeNumber: '0021',
      redirectTo: '/newsletter',
    });
    res = await browser.call(standardLoader, '/newsletter');
    setup = (res.data as { setup: SignupSetup }).setup;
    expect(setup.selectedStore).toBe('0021');
  });

  it("answers the footer's first step with the address to fill in, sending nothing", async () => {
    const email = unique('start');
    const res = await h
      .browser('lins')
      .call(standardAction, '/newsletter', { intent: 'start', email: ` ${email} ` });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ intent: 'start', email });
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    expect((await member('lins', email)).subscribed).toBe(false);
  });

  it('subscribes: the list gets the address, names, phone and the store by name', async () => {
    const email = unique('ava');
    const browser = h.browser('lins');
    const form = {
      intent: 'subscribe',
      email,
      store: '0034',
      firstName: ' Ava ',
      lastName: 'Shopper',
      phone: '4355550134',
      [TRAP_FIELD]: '',
    };
    const res = await browser.call(standardAction, '/newsletter', form);
    expect(res.status).toBe(200);
    expect(reply(res)).toMatchObject({ intent: 'subscribe', done: true });
    expect(formMessage(res)).toBeNull();
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    const found = await member('lins', email);
    expect(found.subscribed).toBe(true);
    expect(found.member).toMatchObject({
      firstName: 'Ava',
      lastName: 'Shopper',
      phone: '(435) 555-0134',
      store: "Lin's Hurricane",
    });

    // The same address again (in another case): the 'already subscribed' message.
    const again = await browser.call(standardAction, '/newsletter', {
      ...form,
      email: email.toUpperCase(),
    });
    expect(again.status).toBe(400);
    expect(reply(again)).toMatchObject({ done: false });
    expect(formMessage(again)).toBe(NEWSLETTER_MESSAGES.already);
  });

  it('refuses invalid input with the field messages and sends nothing', async () => {
    h.tenant('lins').newsletter.subscribeUrl = `${counterUrl}/count`;
    const before = counted;
    const browser = h.browser('lins');
    let res = await browser.call(standardAction, '/newsletter', { intent: 'subscribe' });
    expect(res.status).toBe(400);
    expect(fieldErrors(res)).toMatchObject({
      email: ['This field is required.'],
      store: ['This field is required.'],
    });
    res = await browser.call(standardAction, '/newsletter', {
      intent: 'subscribe',
      email: 'not-an-address',
      // Hidden in the home selector: not a choice of this form.
      store: '0063',
      firstName: 'x'.repeat(51),
      phone: '555-01',
    });
    expect(fieldErrors(res)).toMatchObject({
      email: ['Please enter a valid email address.'],
      store: ['This field is required.'],
      firstName: ['Please enter no more than 50 characters.'],
      phone: ['Please enter a valid phone number.'],
    });
    expect(counted).toBe(before);
  });

  it('answers a filled honeypot as subscribed and sends nothing', async () => {
    h.tenant('lins').newsletter.subscribeUrl = `${counterUrl}/count`;
    const before = counted;
    const res = await h.browser('lins').call(standardAction, '/newsletter', {
      intent: 'subscribe',
      email: unique('bot'),
      store: '0012',
      [TRAP_FIELD]: 'https://spam.example',
    });
    expect(res.status).toBe(200);
    expect(reply(res)).toMatchObject({ done: true });
    expect(counted).toBe(before);
  });

  it('over the per-address limit: the failure message, nothing sent', async () => {
    h.tenant('lins').newsletter.subscribeUrl = `${counterUrl}/count`;
    const browser = h.browser('lins', { clientIp: '198.51.100.44' });
    const limits = createRateLimits({ settings: { ipPoints: 2 } });
    browser.services = {
      ...h.services,
      accounts: { ...h.services.accounts, limits },
    };
    const before = counted;
    const post = () =>
      browser.call(standardAction, '/newsletter', {
        intent: 'subscribe',
        email: unique('flood'),
        store: '0012',
      });
    expect((await post()).status).toBe(200);
    expect((await post()).status).toBe(200);
    const refused = await post();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(500);
    expect(formMessage(refused)).toBe(NEWSLETTER_MESSAGES.failed);
    expect(counted).toBe(before + 2);
    await limits.close();
  });

  it('a stopped provider: the failure message', async () => {
    const gone = await startMailingListService({ dataDir: 'memory://', port: 0 });
    h.tenant('lins').newsletter.subscribeUrl = `${gone.url}/subscribe/lins`;
    await gone.close();
    const res = await h.browser('lins').call(standardAction, '/newsletter', {
      intent: 'subscribe',
      email: unique('down'),
      store: '0012',
    });
    expect(res.status).toBe(400);
    expect(formMessage(res)).toBe(NEWSLETTER_MESSAGES.failed);
  });

  it(
    'a provider that never answers: the failure message once the deadline has passed',
    async () => {
      h.tenant('lins').newsletter.subscribeUrl = `${counterUrl}/hang?u=1`;
      const started = Date.now();
      const res = await h.browser('lins').call(standardAction, '/newsletter', {
        intent: 'subscribe',
        email: unique('slow'),
        store: '0012',
      });
      const took = Date.now() - started;
      expect(formMessage(res)).toBe(NEWSLETTER_MESSAGES.failed);
      expect(took).toBeGreaterThanOrEqual(PROVIDER_TIMEOUT_MS - 100);
      expect(took).toBeLessThan(PROVIDER_TIMEOUT_MS + 2000);
    },
    PROVIDER_TIMEOUT_MS + 10_000,
  );

  it('no subscribe address at all: the failure message', async () => {
    const browser = h.browser('lins');
    browser.services = {
      ...h.services,
      references: { adviewer: null, mailingList: null, sso: null },
    };
    const res = await browser.call(standardAction, '/newsletter', {
      intent: 'subscribe',
      email: unique('nowhere'),
      store: '0012',
    });
    expect(formMessage(res)).toBe(NEWSLETTER_MESSAGES.failed);
  });
});

describe('the Ace variant', () => {
  it('offers the Ace locations and subscribes to the Ace list with the phone as MMERGE5', async () => {
    const browser = h.browser('southend');
    const page = await browser.call(aceLoader, '/newsletter/ace');
    const setup = (page.data as { setup: SignupSetup }).setup;
    expect(setup.variant).toBe('ace');
    expect(setup.stores).toEqual([
      { value: '0816', label: 'Southend Hardware & Garden Sierra Vista' },
      { value: '0813', label: 'Southend Hardware & Garden Green Valley' },
    ]);
    const email = unique('ace');
    const res = await browser.call(aceAction, '/newsletter/ace', {
      intent: 'subscribe',
      email,
      store: '0813',
      phone: '(520) 555-0199',
    });
    expect(reply(res)).toMatchObject({ done: true });
    const found = await member('southend-ace', email);
    expect(found.member).toMatchObject({
      store: 'Southend Hardware & Garden Green Valley',
      phone: '(520) 555-0199',
    });
    expect((await member('southend', email)).subscribed).toBe(false);
    // A home store is no Ace location.
    const wrong = await browser.call(aceAction, '/newsletter/ace', {
      intent: 'subscribe',
      email: unique('ace'),
      store: '0501',
    });
    expect(fieldErrors(wrong)).toMatchObject({ store: ['This field is required.'] });
  });

  it('does not exist for a brand without Ace locations', async () => {
    const browser = h.browser('lins');
    const page = await browser.call(aceLoader, '/newsletter/ace').catch((e: unknown) => e);
    expect((page as { init?: { status?: number } }).init?.status).toBe(404);
  });
});

describe('the pharmacy sign-up', () => {
  it("offers the brand's own stores when its tenant names no list: never another chain's", async () => {
    const browser = h.browser('southend');
    expect(h.tenant('southend').newsletter.pharmacyStores).toBeUndefined();
    const page = await browser.call(pharmacyLoader, '/newsletter/pharmacy');
    const setup = (page.data as { setup: SignupSetup }).setup;
    const own = browser.services.content
      .retailerInfo('southend')
      .locations.filter((l) => !l.hidden)
      .map((l) => l.name);
    expect(own.length).toBeGreaterThan(0);
    expect(setup.stores.map((s) => s.value)).toEqual(own);
    for (const other of ['DANS', 'DICKS FRESH MARKET', 'LINS']) {
      expect(setup.stores.map((s) => s.value)).not.toContain(other);
    }
    const email = unique('pharm-own');
    const res = await browser.call(pharmacyAction, '/newsletter/pharmacy', {
      intent: 'subscribe',
      email,
      store: own[0],
      age: '60-65',
    });
    expect(reply(res)).toMatchObject({ done: true });
    expect((await member('southend-pharmacy', email)).member).toMatchObject({ store: own[0] });
  });

  it('offers spec §5 options, pre-selects the store parameter, and subscribes to the pharmacy list', async () => {
    const browser = h.browser('lins');
    const page = await browser.call(pharmacyLoader, '/newsletter/pharmacy?store=fresh-market');
    const setup = (page.data as { setup: SignupSetup }).setup;
    expect(setup.stores.map((s) => s.value)).toEqual([
      "LIN'S FRESH MARKET",
      'DANS',
      'DICKS FRESH MARKET',
      'FRESH MARKET',
      'LINS',
    ]);
    expect(setup.selectedStore).toBe('FRESH MARKET');
    expect(setup.agreement).toContain("Lin's Fresh Market");
    expect(page.headers.get('Cache-Control')).toMatch(/^public/);

    const email = unique('pharm');
    const res = await browser.call(pharmacyAction, '/newsletter/pharmacy', {
      intent: 'subscribe',
      email,
      store: 'DICKS FRESH MARKET',
      age: '60-65',
      agree: 'on',
    });
    expect(reply(res)).toMatchObject({ done: true });
    expect((await member('lins-pharmacy', email)).member).toMatchObject({
      store: 'DICKS FRESH MARKET',
      ageRange: '60-65',
      agreed: true,
    });

    const invalid = await browser.call(pharmacyAction, '/newsletter/pharmacy', {
      intent: 'subscribe',
      email,
      store: 'SELECT STORE',
      age: 'Over 100',
    });
    expect(fieldErrors(invalid)).toMatchObject({
      store: ['This field is required.'],
      age: ['This field is required.'],
    });
    // No agreement: still subscribed, not agreed.
    const other = unique('pharm');
    await browser.call(pharmacyAction, '/newsletter/pharmacy', {
      intent: 'subscribe',
      email: other,
      store: 'LINS',
      age: 'Under 50',
    });
    expect((await member('lins-pharmacy', other)).member).toMatchObject({ agreed: false });
  });

  it('the pharmacy page hosts it; its store parameter is read the same way', async () => {
    const browser = h.browser('lins');
    const res = await browser.call(contentLoader, '/pharmacy?store=dicks-fresh-market', undefined, {
      params: { '*': 'pharmacy' },
    });
    const data = res.data as { page: { title: string }; signup: SignupSetup | null };
    expect(data.signup?.variant).toBe('pharmacy');
    expect(data.signup?.selectedStore).toBe('DICKS FRESH MARKET');
    expect(res.headers.get('Cache-Control')).toMatch(/^public/);
    // The path form: /pharmacy/{store}.
    const path = await browser.call(pharmacyStoreLoader, '/pharmacy/fresh-market', undefined, {
      params: { store: 'fresh-market' },
    });
    const pathData = path.data as { page: { title: string }; signup: SignupSetup | null };
    expect(pathData.page.title).toBe(data.page.title);
    expect(pathData.signup?.selectedStore).toBe('FRESH MARKET');
    const unknown = await browser.call(pharmacyStoreLoader, '/pharmacy/nowhere', undefined, {
      params: { store: 'nowhere' },
    });
    expect((unknown.data as { signup: SignupSetup }).signup.selectedStore).toBeNull();
    const plain = await browser.call(contentLoader, '/jobs', undefined, {
      params: { '*': 'jobs' },
    });
    expect((plain.data as { signup: unknown }).signup).toBeNull();
  });

  it("southend's /ace page hosts the Ace sign-up", async () => {
    const res = await h
      .browser('southend')
      .call(contentLoader, '/ace', undefined, { params: { '*': 'ace' } });
    const data = res.data as { page: { title: string }; signup: SignupSetup | null };
    expect(data.page.title).toBe('Hardware & Garden');
    expect(data.signup?.variant).toBe('ace');
    expect(data.signup?.stores).toHaveLength(2);
  });
});
