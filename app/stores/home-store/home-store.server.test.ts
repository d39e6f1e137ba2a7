import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startActionHarness, type ActionHarness, type HarnessBrowser } from '@test/action-harness';
import { recordingProxy } from '@test/loyalty-proxy';
import {
  HOME_STORE_INTENTS,
  homeStoreSaveFailedMessage,
  type HomeStoreSaveReply,
  type StoreNotice,
} from '~/stores/home-store/home-store';
import { shopperFromSession } from '~/lib/session/shopper.server';
import { loader as rootRouteLoader } from '~/root';
import { action as homeStoreRouteAction } from '~/routes/home-store';
import { action as loginRouteAction } from '~/routes/login';
import { action as logoutRouteAction } from '~/routes/logout';

/**
 * The /home-store action and the notice the root loader shows once, against the reference
 * loyalty service. Every shopper here is registered by the test (no demo shopper changes), on
 * lins (several stores, one hidden from the home selector) and corner (one store).
 */
let h: ActionHarness;

beforeAll(async () => {
  h = await startActionHarness({ sites: ['lins', 'corner'] });
}, 60_000);
afterAll(() => h?.close());

const PASSWORD = 'HomeStore1!pass';
let seq = 0;

const locations = (site: string) => h.content.retailerInfo(site).locations;
/** The stores a shopper may choose on lins, in content order. */
const choosable = () => locations('lins').filter((l) => !l.hidden && !l.hiddenInHomeSelector);
const nameOf = (storeNumber: string) =>
  locations('lins').find((l) => l.storeNumber === storeNumber)!.name;

interface TestShopper {
  b: HarnessBrowser;
  email: string;
  frqShopperNo: string;
}

/** Registers a shopper with `myStore` ('0' for none) and logs in as them. */
async function shopperOn(site: string, myStore: string): Promise<TestShopper> {
  seq += 1;
  const b = h.browser(site);
  const email = `home-store-${site}-${seq}-${Date.now()}@example.com`;
  const customer = await b.loyalty.register({
    firstName: 'Hana',
    lastName: 'Tester',
    email,
    phone: `80166${String(seq).padStart(5, '0')}`,
    zip: '84720',
    myStore,
    password: PASSWORD,
  });
  const login = await b.call(loginRouteAction, '/login', {
    intent: 'login',
    email,
    password: PASSWORD,
  });
  expect(login.status).toBe(302);
  return { b, email, frqShopperNo: customer.frqShopperNo };
}

function choose(b: HarnessBrowser, fields: Record<string, string>) {
  return b.call(homeStoreRouteAction, '/home-store', {
    intent: HOME_STORE_INTENTS.choose,
    redirectTo: '/posts',
    ...fields,
  });
}

function save(b: HarnessBrowser, fields: Record<string, string>) {
  return b.call(homeStoreRouteAction, '/home-store', {
    intent: HOME_STORE_INTENTS.save,
    redirectTo: '/posts',
    ...fields,
  });
}

type RootData = {
  homeStore: { storeNumber: string; name: string } | null;
  storeNotice: StoreNotice | null;
  user: { firstName: string; savedStoreNumber: string | null } | null;
};

async function root(b: HarnessBrowser) {
  const res = await b.call(rootRouteLoader, '/posts');
  return { ...res, page: res.data as RootData };
}

const savedStore = async (s: TestShopper) =>
  (await s.b.loyalty.getCustomer({ frqShopperNo: s.frqShopperNo }))?.myStore;

describe('choose-home-store', () => {
  it("sets a guest's home store and shows 'Now shopping at' once, on a page never cached", async () => {
    const b = h.browser('lins');
    const [, second] = choosable();
    const res = await choose(b, { storeNumber: second.storeNumber });
    expect(res.status).toBe(302);
    expect(res.location).toBe('/posts');
    expect(res.headers.get('Set-Cookie')).toMatch(/^__session=/);
    expect((await b.session()).get('homeStore')).toBe(second.storeNumber);

    const shown = await root(b);
    expect(shown.page.homeStore?.storeNumber).toBe(second.storeNumber);
    expect(shown.page.storeNotice).toEqual({
      storeNumber: second.storeNumber,
      name: second.name,
      offerSave: false,
      saved: false,
    });
    // The response stores the session without the notice: personal, with its Set-Cookie.
    expect(shown.headers.get('Set-Cookie')).toMatch(/^__session=/);
    expect(shown.headers.get('Cache-Control')).toBe('private, no-store');

    const next = await root(b);
    expect(next.page.storeNotice).toBeNull();
    expect(next.page.homeStore?.storeNumber).toBe(second.storeNumber);
    // A guest's page without a notice stays shareable: no cookie, no private header.
    expect(next.headers.get('Set-Cookie')).toBeNull();
    expect(next.headers.get('Cache-Control')).toBeNull();
  });

  it('changes nothing for a store that is hidden, unknown or hidden from the home selector', async () => {
    const b = h.browser('lins');
    const [first] = choosable();
    await choose(b, { storeNumber: first.storeNumber });
    await root(b);
    const refused = [
      ...locations('lins')
        .filter((l) => l.hidden || l.hiddenInHomeSelector)
        .map((l) => l.storeNumber),
      '9999',
      locations('corner')[0].storeNumber,
    ];
    expect(refused.length).toBeGreaterThan(2);
    for (const storeNumber of refused) {
      const res = await choose(b, { storeNumber });
      expect(res.status, storeNumber).toBe(302);
      expect(res.location).toBe('/posts');
      expect(res.headers.get('Set-Cookie'), storeNumber).toBeNull();
    }
    expect((await b.session()).get('homeStore')).toBe(first.storeNumber);
    expect((await root(b)).page.storeNotice).toBeNull();
  });

  it('answers bodies of any shape with a redirect back (never off the site), changing nothing', async () => {
    const b = h.browser('lins');
    const store = choosable()[0].storeNumber;
    const big = new FormData();
    big.set('intent', HOME_STORE_INTENTS.choose);
    big.set('storeNumber', new File(['0012'], 'store.txt'));
    big.set('redirectTo', '/posts');
    const bodies: (Record<string, string | string[]> | FormData)[] = [
      {},
      { intent: 'nonsense', storeNumber: store },
      { intent: HOME_STORE_INTENTS.choose, storeNumber: '' },
      { intent: HOME_STORE_INTENTS.choose, storeNumber: 'x'.repeat(5000) },
      { intent: HOME_STORE_INTENTS.choose, storeNumber: store, makeHome: 'yes' },
      { intent: [HOME_STORE_INTENTS.choose, HOME_STORE_INTENTS.save], storeNumber: store },
      { intent: HOME_STORE_INTENTS.save, storeNumber: store, reply: 'html' },
      big,
    ];
    for (const body of bodies) {
      const res = await b.call(homeStoreRouteAction, '/home-store', body);
      expect(res.status).toBe(302);
      expect(['/', '/posts']).toContain(res.location);
      expect(res.headers.get('Set-Cookie')).toBeNull();
    }
    expect((await b.session()).get('homeStore')).toBeUndefined();

    const offSite = await choose(b, { storeNumber: store, redirectTo: 'https://evil.example/x' });
    expect(offSite.status).toBe(302);
    expect(offSite.location).toBe('/');
  });

  it("ignores a guest's 'Make this my home store' tick: the choice stands, nothing is saved", async () => {
    const b = h.browser('lins');
    const store = choosable()[1];
    const res = await choose(b, { storeNumber: store.storeNumber, makeHome: 'on' });
    expect(res.status).toBe(302);
    expect((await root(b)).page.storeNotice).toMatchObject({ saved: false, offerSave: false });
    expect((await b.session()).get('homeStore')).toBe(store.storeNumber);
  });

  it('offers the switch to a shopper whose saved store differs, or who has none', async () => {
    const [first, second] = choosable();
    const s = await shopperOn('lins', first.storeNumber);
    expect((await root(s.b)).page.user?.savedStoreNumber).toBe(first.storeNumber);
    await choose(s.b, { storeNumber: second.storeNumber });
    expect((await root(s.b)).page.storeNotice).toMatchObject({
      storeNumber: second.storeNumber,
      offerSave: true,
      saved: false,
    });
    // Choosing the saved store: nothing to offer.
    await choose(s.b, { storeNumber: first.storeNumber });
    expect((await root(s.b)).page.storeNotice).toMatchObject({ offerSave: false, saved: false });
    // Nothing was saved by choosing.
    expect(await savedStore(s)).toBe(first.storeNumber);

    const none = await shopperOn('lins', '0');
    expect((await root(none.b)).page.user?.savedStoreNumber).toBeNull();
    await choose(none.b, { storeNumber: second.storeNumber });
    expect((await root(none.b)).page.storeNotice?.offerSave).toBe(true);
  });

  it("saves a shopper's tick at once, and the saved store survives logout and login", async () => {
    const [first, , third] = choosable();
    const s = await shopperOn('lins', first.storeNumber);
    const res = await choose(s.b, { storeNumber: third.storeNumber, makeHome: 'on' });
    expect(res.status).toBe(302);
    expect(res.location).toBe('/posts');
    expect(await savedStore(s)).toBe(third.storeNumber);
    const session = shopperFromSession(await s.b.session());
    expect(session?.myStore).toBe(third.storeNumber);
    // An account update: the sign-in lasts 30 more days (docs/reference/accounts.md "Log out and
    // sessions").
    expect(session!.expiresAt! - Date.now()).toBeLessThan(31 * 24 * 3600 * 1000);
    const shown = await root(s.b);
    expect(shown.page.storeNotice).toEqual({
      storeNumber: third.storeNumber,
      name: third.name,
      offerSave: false,
      saved: true,
    });
    expect(shown.page.user?.savedStoreNumber).toBe(third.storeNumber);

    // Log out, then log in from another browser with no store chosen: the saved one.
    expect((await s.b.call(logoutRouteAction, '/logout', {})).status).toBe(302);
    const other = h.browser('lins');
    await other.call(loginRouteAction, '/login', {
      intent: 'login',
      email: s.email,
      password: PASSWORD,
    });
    expect((await root(other)).page.homeStore?.storeNumber).toBe(third.storeNumber);
  });

  it('keeps the choice and says the save failed when the service answers an error', async () => {
    const [first, second] = choosable();
    const s = await shopperOn('lins', first.storeNumber);
    // The reference service fails this shopper's updates (an internal error, answered 500).
    const trigger = `fail_${s.frqShopperNo}`;
    await h.loyalty.db.query(`
      create function ${trigger}() returns trigger language plpgsql as $$
      begin
        if new.frq_shopper_no = '${s.frqShopperNo}' then
          raise exception 'database detail that must never reach a page';
        end if;
        return new;
      end $$`);
    await h.loyalty.db.query(
      `create trigger ${trigger} before update on shoppers for each row execute function ${trigger}()`,
    );
    try {
      const res = await choose(s.b, { storeNumber: second.storeNumber, makeHome: 'on' });
      expect(res.status).toBe(302);
      expect(res.location).toBe('/posts');
      expect((await s.b.session()).get('homeStore')).toBe(second.storeNumber);
      expect(shopperFromSession(await s.b.session())?.myStore).toBe(first.storeNumber);
      const shown = await root(s.b);
      expect(shown.page.storeNotice).toEqual({
        storeNumber: second.storeNumber,
        name: second.name,
        offerSave: true,
        saved: false,
        error: homeStoreSaveFailedMessage(second.name),
      });
      expect(JSON.stringify(shown.page)).not.toMatch(/database detail|Internal error/);

      // The switch's save (a script's post) gets the failure as data.
      const scripted = await save(s.b, { storeNumber: second.storeNumber, reply: 'data' });
      expect(scripted.status).toBe(200);
      expect(scripted.data).toEqual({
        status: 'failed',
        storeNumber: second.storeNumber,
        message: homeStoreSaveFailedMessage(second.name),
      } satisfies HomeStoreSaveReply);
      expect(await savedStore(s)).toBe(first.storeNumber);
    } finally {
      await h.loyalty.db.query(`drop trigger ${trigger} on shoppers`);
      await h.loyalty.db.query(`drop function ${trigger}()`);
    }
  });

  it('signs out a shopper the service no longer knows, keeping the store chosen', async () => {
    const [first, second] = choosable();
    const s = await shopperOn('lins', first.storeNumber);
    await h.loyalty.db.query('delete from shoppers where frq_shopper_no = $1', [s.frqShopperNo]);
    const res = await choose(s.b, { storeNumber: second.storeNumber, makeHome: 'on' });
    expect(res.status).toBe(302);
    expect(res.location).toBe('/login');
    const session = await s.b.session();
    expect(shopperFromSession(session)).toBeNull();
    expect(session.get('homeStore')).toBe(second.storeNumber);
  });

  it("makes a single-location brand's only store the home store", async () => {
    const [only] = locations('corner');
    const b = h.browser('corner');
    expect((await root(b)).page.homeStore?.storeNumber).toBe(only.storeNumber);
    await choose(b, { storeNumber: only.storeNumber });
    expect((await root(b)).page.storeNotice).toMatchObject({ name: only.name, offerSave: false });
  });
});

describe('save-home-store', () => {
  it('saves the store, answering a script with data and a form with the notice', async () => {
    const [first, second, third] = choosable();
    const s = await shopperOn('lins', first.storeNumber);
    await choose(s.b, { storeNumber: second.storeNumber });
    await root(s.b);

    const scripted = await save(s.b, { storeNumber: second.storeNumber, reply: 'data' });
    expect(scripted.status).toBe(200);
    expect(scripted.data).toEqual({
      status: 'saved',
      storeNumber: second.storeNumber,
      name: second.name,
    } satisfies HomeStoreSaveReply);
    expect(scripted.headers.get('Cache-Control')).toBe('private, no-store');
    expect(await savedStore(s)).toBe(second.storeNumber);
    const after = await root(s.b);
    expect(after.page.user?.savedStoreNumber).toBe(second.storeNumber);
    expect(after.page.storeNotice).toBeNull();

    // Without JavaScript: back to the page, which says so.
    const form = await save(s.b, { storeNumber: third.storeNumber });
    expect(form.status).toBe(302);
    expect(form.location).toBe('/posts');
    expect(await savedStore(s)).toBe(third.storeNumber);
    expect((await root(s.b)).page).toMatchObject({
      homeStore: { storeNumber: third.storeNumber },
      storeNotice: { storeNumber: third.storeNumber, name: nameOf(third.storeNumber), saved: true },
    });
  });

  it('is skipped when the store is empty or unchanged: nothing is sent to the service', async () => {
    const [first] = choosable();
    const s = await shopperOn('lins', first.storeNumber);
    const proxy = await recordingProxy(h.services.loyalty.embedded!.url);
    try {
      s.b.services = {
        ...s.b.services,
        loyalty: { embedded: { ...h.services.loyalty.embedded!, url: proxy.url } },
      };
      const unchanged = await save(s.b, { storeNumber: first.storeNumber, reply: 'data' });
      expect(unchanged.data).toEqual({
        status: 'unchanged',
        storeNumber: first.storeNumber,
        name: first.name,
      });
      const empty = await save(s.b, { storeNumber: '', reply: 'data' });
      expect(empty.data).toEqual({ status: 'skipped' });
      const unknown = await save(s.b, { storeNumber: '9999', reply: 'data' });
      expect(unknown.data).toEqual({ status: 'skipped' });
      const tickedAgain = await choose(s.b, { storeNumber: first.storeNumber, makeHome: 'on' });
      expect(tickedAgain.status).toBe(302);
      expect(proxy.requests.filter((r) => r.method === 'PUT')).toEqual([]);
    } finally {
      await proxy.close();
    }
  });

  it('changes nothing for a guest', async () => {
    const b = h.browser('lins');
    const res = await save(b, { storeNumber: choosable()[0].storeNumber, reply: 'data' });
    expect(res.status).toBe(302);
    expect(res.location).toBe('/posts');
    expect(res.headers.get('Set-Cookie')).toBeNull();
  });
});
