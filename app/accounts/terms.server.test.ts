import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { action as loginAction } from '~/routes/login';
import { action as termsAction, loader as termsLoader } from '~/routes/account_.terms';
import { loader as privacyLoader } from '~/routes/account_.privacy';
import { action as prefsAction, loader as prefsLoader } from '~/routes/account.data-preferences';
import { DATA_PREFERENCES_SAVED } from './data-preferences.server';
import { loader as rootLoader } from '~/root';
import { GENERIC_FAILURE_MESSAGE } from '~/lib/loyalty/errors';
import { MESSAGES } from '~/lib/form-kit/fields';
import { DEMO_SHOPPERS } from '@test/demo';
import { startActionHarness, type ActionHarness, type HarnessBrowser } from '@test/action-harness';
import { shopperFromSession } from '~/lib/session/shopper.server';
import { TERMS_ACCEPTED_NOTICE, termsFailureMessage, termsState } from './terms.server';

const [ava, ben, cara] = DEMO_SHOPPERS;

describe('termsState', () => {
  const agreements = (accepted: (number | null)[]) => ({
    currentTerms: [
      { currentTermsVersion: 1, effectiveDate: '2025-01-01', title: 'v1' },
      { currentTermsVersion: 3, effectiveDate: '2026-10-01', title: 'v3' },
    ],
    customerTermsInfo: accepted.map((v) => ({ customerVersionAccepted: v })),
  });
  it('is pending with no accepted version or an older one, not with the current one', () => {
    expect(termsState(agreements([]))).toEqual({ current: 3, accepted: null, pending: true });
    expect(termsState(agreements([null])).pending).toBe(true);
    expect(termsState(agreements([2])).pending).toBe(true);
    expect(termsState(agreements([3]))).toEqual({ current: 3, accepted: 3, pending: false });
    expect(termsState(agreements([4])).pending).toBe(false);
  });
  it('is not pending when the service lists no terms', () => {
    expect(termsState({ currentTerms: [], customerTermsInfo: [] }).pending).toBe(false);
  });
  it('maps an empty or bare 400 failure to the generic message', () => {
    expect(termsFailureMessage('')).toBe(GENERIC_FAILURE_MESSAGE);
    expect(termsFailureMessage('Request failed with status code 400')).toBe(
      GENERIC_FAILURE_MESSAGE,
    );
    expect(termsFailureMessage('termsVersion: nope')).toBe('termsVersion: nope');
  });
});

let h: ActionHarness;
beforeAll(async () => {
  h = await startActionHarness({ sites: ['lins', 'southend'] });
}, 60_000);
afterAll(() => h?.close());

async function loggedIn(site: string, who: { email: string; password: string }) {
  const b = h.browser(site);
  const res = await b.call(loginAction, '/login', {
    intent: 'login',
    email: who.email,
    password: who.password,
  });
  expect(res.status).toBe(302);
  return b;
}

const rootData = async (b: HarnessBrowser) =>
  (await b.call(rootLoader, '/')).data as { termsPopup: { slug: string } | null };

describe('terms page', () => {
  it('shows guests the document (registration links to it) without the acceptance form', async () => {
    const guest = h.browser('lins');
    const res = await guest.call(termsLoader, '/account/terms');
    expect(res.status).toBe(200);
    expect(res.location).toBeNull();
    expect(res.data).toMatchObject({ signedIn: false, pending: false, notice: null });
    expect((res.data as { document: { html: string } | null }).document?.html).toBeTruthy();
    // The same for every guest: shared caches may keep it.
    expect(res.headers.get('Cache-Control')).toMatch(/^public, /);
    // A guest cannot accept: the action still wants a shopper.
    const post = await guest.call(termsAction, '/account/terms', { acceptTerms: 'on' });
    expect(post.location).toBe('/login?redirectTo=%2Faccount%2Fterms');
  });

  it('a shopper with an older accepted version sees the popup until accepting', async () => {
    const b = await loggedIn('lins', ben);
    expect((await rootData(b)).termsPopup?.slug).toBe('accept-new-terms');
    const page = await b.call(termsLoader, '/account/terms');
    expect(page.data).toMatchObject({ pending: true, current: 2 });

    const unchecked = await b.call(termsAction, '/account/terms', {});
    expect(unchecked.status).toBe(400);
    expect(JSON.stringify(unchecked.data)).toContain(MESSAGES.terms);

    const accepted = await b.call(termsAction, '/account/terms', { acceptTerms: 'on' });
    expect(accepted.location).toBe('/account/terms');
    const after = await b.call(termsLoader, '/account/terms');
    expect(after.data).toMatchObject({ pending: false, notice: TERMS_ACCEPTED_NOTICE });
    expect((await rootData(b)).termsPopup).toBeNull();
    const frq = shopperFromSession(await b.session())!.frqShopperNo;
    const agreements = await b.loyalty.getAgreements(frq);
    expect(agreements.customerTermsInfo[0]?.customerVersionAccepted).toBe(2);
  });

  it('a shopper who never accepted gets the popup; one with the current version does not', async () => {
    expect((await rootData(await loggedIn('southend', cara))).termsPopup).not.toBeNull();
    const avaBrowser = await loggedIn('southend', ava);
    expect((await rootData(avaBrowser)).termsPopup).toBeNull();
    expect((await avaBrowser.call(termsLoader, '/account/terms')).data).toMatchObject({
      pending: false,
    });
  });

  it('serves the brand document, falling back to the shared one', async () => {
    const own = await (await loggedIn('southend', ava)).call(termsLoader, '/account/terms');
    expect((own.data as { document: { title: string } }).document.title).toMatch(/^Southend/);
    const shared = await h.browser('lins').call(privacyLoader, '/account/privacy');
    expect((shared.data as { document: { html: string } }).document.html).toContain('sell');
  });
});

describe('data preferences', () => {
  it('sends guests to /login, and back here after it', async () => {
    expect((await h.browser('lins').call(prefsLoader, '/account/data-preferences')).location).toBe(
      '/login?redirectTo=%2Faccount%2Fdata-preferences',
    );
  });

  it('saves optOutDataSharing both ways', async () => {
    const b = await loggedIn('southend', cara);
    expect((await b.call(prefsLoader, '/account/data-preferences')).data).toMatchObject({
      optOut: false,
    });
    const on = await b.call(prefsAction, '/account/data-preferences', { optOutDataSharing: 'on' });
    expect(on.location).toBe('/account/data-preferences');
    expect((await b.call(prefsLoader, '/account/data-preferences')).data).toMatchObject({
      optOut: true,
      notice: DATA_PREFERENCES_SAVED,
    });
    await b.call(prefsAction, '/account/data-preferences', {});
    expect((await b.call(prefsLoader, '/account/data-preferences')).data).toMatchObject({
      optOut: false,
    });
  });
});
