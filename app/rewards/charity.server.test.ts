import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { logger } from '@common/logger.server';
import { startActionHarness, type ActionHarness, type HarnessBrowser } from '@test/action-harness';
import { recordingProxy, switchableBackend, type ProxyOptions } from '@test/loyalty-proxy';
import { resetLoyaltyBreakers } from '~/lib/loyalty/breaker.server';
import { GENERIC_FAILURE_MESSAGE, UNAVAILABLE_MESSAGE } from '~/lib/loyalty/errors';
import { action as loginAction } from '~/routes/login';
import { action as charityAction, loader as charityLoader } from '~/routes/rewards.charity';
import {
  alreadyYourCharityMessage,
  CHARITY_UPDATED_MESSAGE,
  CHOOSE_CHARITY_MESSAGE,
  UNKNOWN_CHARITY_MESSAGE,
} from './charity';
import { changeCharity, type CharityPageData } from './charity.server';

/**
 * The charity page's loader and action against the reference loyalty service
 * (docs/reference/rewards.md "Charity"). Every test that changes an enrolment registers its
 * own shopper, so the order of the tests does not matter; a recording proxy in front of the service
 * shows the calls in order.
 */
let h: ActionHarness;

beforeAll(async () => {
  h = await startActionHarness({ sites: ['lins', 'harvest'] });
}, 60_000);
afterAll(() => h?.close());
afterEach(() => vi.restoreAllMocks());

const PASSWORD = 'Charity1!pass';
let seq = 0;

interface TestShopper {
  b: HarnessBrowser;
  frqShopperNo: string;
}

/** Registers a fresh shopper (no charity yet) on `site` and logs in as them. */
async function shopperOn(site: string): Promise<TestShopper> {
  seq += 1;
  const b = h.browser(site);
  const email = `charity-test-${site}-${seq}@example.com`;
  const customer = await b.loyalty.register({
    firstName: 'Cher',
    lastName: 'Tester',
    email,
    phone: `80156${String(seq).padStart(5, '0')}`,
    address1: '3 Elm St',
    zip: '84720',
    password: PASSWORD,
  });
  const login = await b.call(loginAction, '/login', { intent: 'login', email, password: PASSWORD });
  expect(login.status).toBe(302);
  return { b, frqShopperNo: customer.frqShopperNo };
}

/** Routes the browser's loyalty calls through a recording proxy (optionally rewriting answers). */
async function throughProxy(b: HarnessBrowser, rewrite?: ProxyOptions['rewrite']) {
  const embedded = h.services.loyalty.embedded!;
  const recorder = await recordingProxy(embedded.url, { rewrite });
  const before = b.services;
  b.services = { ...before, loyalty: { embedded: { ...embedded, url: recorder.url } } };
  // Closing it sends the browser straight to the service again.
  const proxy = {
    requests: recorder.requests,
    close: async () => {
      b.services = before;
      await recorder.close();
    },
  };
  const posts = () =>
    proxy.requests
      .filter((r) => r.method === 'POST')
      .map((r) => r.path.replace(/^.*\/charities\//, ''));
  return { proxy, posts };
}

const load = async (b: HarnessBrowser, path = '/rewards/charity') => {
  const res = await b.call(charityLoader, path);
  return { ...res, page: res.data as CharityPageData };
};
const post = (b: HarnessBrowser, form: Record<string, string | string[]> | FormData) =>
  b.call(charityAction, '/rewards/charity', form);

const enrolled = async (s: TestShopper) =>
  (await s.b.loyalty.getUserCharities(s.frqShopperNo))
    .filter((r) => r.isEnrolled)
    .map((r) => r.charityId);

/** Two charities of the brand: ids and names. */
async function twoCharities(b: HarnessBrowser) {
  const all = await b.loyalty.getCharities();
  return [all[0], all[5]].map((c) => ({ id: c.charityId, name: c.notes ?? '' }));
}

interface Failure {
  result: { error?: Record<string, string[] | null> };
}
const errors = (data: unknown, name = '') => (data as Failure).result.error?.[name] ?? [];

describe('charity loader', () => {
  it('sends a guest to /login and back here, search kept', async () => {
    const guest = h.browser('lins');
    expect((await load(guest)).location).toBe('/login?redirectTo=%2Frewards%2Fcharity');
    expect((await load(guest, '/rewards/charity?q=pine%20creek')).location).toBe(
      `/login?redirectTo=${encodeURIComponent('/rewards/charity?q=pine+creek')}`,
    );
    expect((await post(guest, { charityId: '1001' })).location).toBe(
      '/login?redirectTo=%2Frewards%2Fcharity',
    );
  });

  it("lists the brand's charities with the current one, never cached", async () => {
    const s = await shopperOn('lins');
    const [first] = await twoCharities(s.b);
    await s.b.loyalty.enrollCharity(s.frqShopperNo, first.id);
    const { status, headers, page } = await load(s.b);
    expect(status).toBe(200);
    expect(headers.get('Cache-Control')).toBe('private, no-store');
    expect(page).toMatchObject({ variant: 'grouped', q: '', notice: null });
    if (page.picker.status !== 'ok') throw new Error('picker unavailable');
    // The seed's 43 charities in 8 groups.
    expect(page.picker.charities).toHaveLength(43);
    expect(new Set(page.picker.charities.map((c) => c.group)).size).toBe(8);
    expect(page.picker.current).toMatchObject({ id: first.id, name: first.name });
  });

  it('a shopper without a charity has none current; the schools brand keeps its search', async () => {
    const s = await shopperOn('harvest');
    const { page } = await load(s.b, '/rewards/charity?q=%20Pine%0ACreek%20');
    expect(page).toMatchObject({ variant: 'schools', q: 'Pine Creek' });
    expect(page.picker).toMatchObject({ status: 'ok', current: null });
  });

  it('the service down: a short message, the page still 200; a change refused', async () => {
    const s = await shopperOn('lins');
    const backend = await switchableBackend(h.services.loyalty.embedded!.url, 'refuse');
    const before = s.b.services;
    try {
      s.b.services = {
        ...s.b.services,
        loyalty: { embedded: { ...h.services.loyalty.embedded!, url: backend.url } },
      };
      const { status, page } = await load(s.b);
      expect(status).toBe(200);
      expect(page.picker).toEqual({ status: 'unavailable', message: UNAVAILABLE_MESSAGE });
      const res = await post(s.b, { charityId: '1001' });
      expect(res.status).toBe(400);
      expect(errors(res.data)).toEqual([GENERIC_FAILURE_MESSAGE]);
    } finally {
      s.b.services = before;
      await backend.close();
      // The refused calls may have opened the breaker of the front's address, which a later
      // proxy could be given again.
      resetLoyaltyBreakers();
    }
    expect(await enrolled(s)).toEqual([]);
  });
});

describe('charity change', () => {
  it('none enrolled: enrolls, then says so once', async () => {
    const s = await shopperOn('lins');
    const [chosen] = await twoCharities(s.b);
    const { proxy, posts } = await throughProxy(s.b);
    try {
      const res = await post(s.b, { charityId: chosen.id });
      expect(res.status).toBe(302);
      expect(res.location).toBe('/rewards/charity');
      expect(posts()).toEqual([`${chosen.id}/enroll`]);
    } finally {
      await proxy.close();
    }
    expect(await enrolled(s)).toEqual([chosen.id]);
    const after = await load(s.b);
    expect(after.page.notice).toBe(CHARITY_UPDATED_MESSAGE);
    expect(after.page.picker).toMatchObject({ current: { id: chosen.id } });
    // Shown once.
    expect((await load(s.b)).page.notice).toBeNull();
  });

  it('another enrolled: disenrolls it, then enrolls the new one', async () => {
    const s = await shopperOn('harvest');
    const [old, chosen] = await twoCharities(s.b);
    await s.b.loyalty.enrollCharity(s.frqShopperNo, old.id);
    const { proxy, posts } = await throughProxy(s.b);
    try {
      const res = await post(s.b, { charityId: chosen.id });
      expect(res.location).toBe('/rewards/charity');
      expect(posts()).toEqual([`${old.id}/disenroll`, `${chosen.id}/enroll`]);
      // The enrolment was read before anything was sent.
      const reads = proxy.requests.map(
        (r) => `${r.method} ${r.path.replace(/^.*\/loyalty\//, '')}`,
      );
      expect(reads.indexOf(`GET harvest/customers/${s.frqShopperNo}/charities`)).toBeLessThan(
        reads.indexOf(`POST harvest/customers/${s.frqShopperNo}/charities/${old.id}/disenroll`),
      );
    } finally {
      await proxy.close();
    }
    expect(await enrolled(s)).toEqual([chosen.id]);
    expect((await load(s.b)).page).toMatchObject({
      notice: CHARITY_UPDATED_MESSAGE,
      picker: { current: { id: chosen.id, name: chosen.name } },
    });
  });

  it('the charity already enrolled: nothing sent, the page says so', async () => {
    const s = await shopperOn('lins');
    const [current] = await twoCharities(s.b);
    await s.b.loyalty.enrollCharity(s.frqShopperNo, current.id);
    const { proxy, posts } = await throughProxy(s.b);
    try {
      const res = await post(s.b, { charityId: current.id });
      expect(res.location).toBe('/rewards/charity');
      expect(posts()).toEqual([]);
    } finally {
      await proxy.close();
    }
    expect((await load(s.b)).page.notice).toBe(alreadyYourCharityMessage(current.name));
    expect(await enrolled(s)).toEqual([current.id]);
  });

  it('an id that is not one of the brand charities, or none: a message, nothing changed', async () => {
    const s = await shopperOn('lins');
    const [current] = await twoCharities(s.b);
    await s.b.loyalty.enrollCharity(s.frqShopperNo, current.id);
    const { proxy, posts } = await throughProxy(s.b);
    try {
      const cases: [Record<string, string | string[]>, string][] = [
        [{ charityId: '999999' }, UNKNOWN_CHARITY_MESSAGE],
        [{ charityId: 'abc' }, UNKNOWN_CHARITY_MESSAGE],
        [{ charityId: ` ${'1'.repeat(80)}` }, UNKNOWN_CHARITY_MESSAGE],
        [{ charityId: [current.id, '1002'] }, UNKNOWN_CHARITY_MESSAGE],
        [{ charityId: '' }, CHOOSE_CHARITY_MESSAGE],
        [{}, CHOOSE_CHARITY_MESSAGE],
        [{ charity: current.id }, CHOOSE_CHARITY_MESSAGE],
      ];
      for (const [form, message] of cases) {
        const res = await post(s.b, form);
        expect(res.status, JSON.stringify(form)).toBe(400);
        expect(errors(res.data, 'charityId'), JSON.stringify(form)).toEqual([message]);
      }
      const file = new FormData();
      file.append('charityId', new File(['1001'], 'id.txt'));
      expect(errors((await post(s.b, file)).data, 'charityId')).toEqual([UNKNOWN_CHARITY_MESSAGE]);
      expect(posts()).toEqual([]);
    } finally {
      await proxy.close();
    }
    expect(await enrolled(s)).toEqual([current.id]);
  });

  it('the enroll refused after the disenroll: the old charity is enrolled again', async () => {
    const s = await shopperOn('lins');
    const [old] = await twoCharities(s.b);
    await s.b.loyalty.enrollCharity(s.frqShopperNo, old.id);
    // The list offers a charity the service does not know: its enroll is refused (code 40).
    const ghost = {
      CharityId: 999001,
      CharityDescription: 'Ghosts',
      Notes: 'Ghost School',
      ZipCode: '84720',
    };
    const { proxy, posts } = await throughProxy(s.b, (body, req) =>
      req.method === 'GET' && /\/loyalty\/lins\/charities$/.test(req.path) && Array.isArray(body)
        ? [...body, ghost]
        : body,
    );
    try {
      const res = await post(s.b, { charityId: '999001' });
      expect(res.status).toBe(400);
      expect(errors(res.data)).toEqual([GENERIC_FAILURE_MESSAGE]);
      expect(posts()).toEqual([`${old.id}/disenroll`, '999001/enroll', `${old.id}/enroll`]);
    } finally {
      await proxy.close();
    }
    expect(await enrolled(s)).toEqual([old.id]);
    const after = await load(s.b);
    expect(after.page.notice).toBeNull();
    expect(after.page.picker).toMatchObject({ current: { id: old.id } });
  });

  it('the enroll answered success false: a failure like any other, put back', async () => {
    const s = await shopperOn('harvest');
    const [old, chosen] = await twoCharities(s.b);
    await s.b.loyalty.enrollCharity(s.frqShopperNo, old.id);
    const { proxy, posts } = await throughProxy(s.b, (body, req) =>
      req.path.endsWith(`/charities/${chosen.id}/enroll`) ? { Success: false } : body,
    );
    try {
      const res = await post(s.b, { charityId: chosen.id });
      expect(errors(res.data)).toEqual([GENERIC_FAILURE_MESSAGE]);
      expect(posts()).toEqual([`${old.id}/disenroll`, `${chosen.id}/enroll`, `${old.id}/enroll`]);
    } finally {
      await proxy.close();
    }
    expect(await enrolled(s)).toEqual([old.id]);
  });

  it('putting back failing too is logged as an error; the shopper reads the generic message', async () => {
    const s = await shopperOn('lins');
    const [old, chosen] = await twoCharities(s.b);
    await s.b.loyalty.enrollCharity(s.frqShopperNo, old.id);
    const errorLog = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const { proxy } = await throughProxy(s.b, (body, req) =>
      req.path.endsWith('/enroll') ? { Success: false } : body,
    );
    try {
      const res = await post(s.b, { charityId: chosen.id });
      expect(errors(res.data)).toEqual([GENERIC_FAILURE_MESSAGE]);
    } finally {
      await proxy.close();
    }
    expect(errorLog).toHaveBeenCalledTimes(1);
    expect(errorLog.mock.calls[0][0]).toMatchObject({
      frqShopperNo: s.frqShopperNo,
      charityId: old.id,
      chosen: chosen.id,
    });
    expect(String(errorLog.mock.calls[0][1])).toMatch(/CHARITY ENROLMENT LOST/);
  });

  it('a double submit enrolls once; the second finds it already chosen', async () => {
    const s = await shopperOn('lins');
    const [old, chosen] = await twoCharities(s.b);
    await s.b.loyalty.enrollCharity(s.frqShopperNo, old.id);
    const { proxy, posts } = await throughProxy(s.b);
    try {
      const results = await Promise.all([
        post(s.b, { charityId: chosen.id }),
        post(s.b, { charityId: chosen.id }),
      ]);
      expect(results.map((r) => r.location)).toEqual(['/rewards/charity', '/rewards/charity']);
      expect(posts()).toEqual([`${old.id}/disenroll`, `${chosen.id}/enroll`]);
    } finally {
      await proxy.close();
    }
    expect(await enrolled(s)).toEqual([chosen.id]);
  });
});

describe('changeCharity (order and rollback, calls seen one by one)', () => {
  function fakeLoyalty(enrolledNow: string[], fail: { enroll?: string; disenroll?: string } = {}) {
    const calls: string[] = [];
    const state = new Set(enrolledNow);
    const loyalty = {
      getUserCharities: vi.fn(async () => {
        calls.push('read');
        return [...state].map((charityId) => ({
          charityId,
          charityDescription: '',
          notes: '',
          zipCode: '',
          isEnrolled: true,
        }));
      }),
      enrollCharity: vi.fn(async (_frq: string, id: string) => {
        calls.push(`enroll ${id}`);
        if (fail.enroll === id) throw new Error('enroll failed');
        state.add(id);
        return true;
      }),
      disenrollCharity: vi.fn(async (_frq: string, id: string) => {
        calls.push(`disenroll ${id}`);
        if (fail.disenroll === id) return false;
        state.delete(id);
        return true;
      }),
    };
    return { loyalty, calls, state };
  }
  const change = (f: ReturnType<typeof fakeLoyalty>, charityId: string) =>
    changeCharity({
      loyalty: f.loyalty,
      restore: f.loyalty,
      frqShopperNo: '42',
      charityId,
      key: `unit-${charityId}-${Math.random()}`,
    });

  it('reads, disenrolls every other enrolled charity, then enrolls', async () => {
    const f = fakeLoyalty(['1', '2']);
    expect(await change(f, '3')).toBe('updated');
    expect(f.calls).toEqual(['read', 'disenroll 1', 'disenroll 2', 'enroll 3']);
    expect([...f.state]).toEqual(['3']);
  });

  it('a disenroll refused: nothing enrolled, the ones before it put back', async () => {
    const f = fakeLoyalty(['1', '2'], { disenroll: '2' });
    vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    expect(await change(f, '3')).toBe('failed');
    expect(f.calls).toEqual(['read', 'disenroll 1', 'disenroll 2', 'enroll 1']);
    expect([...f.state].sort()).toEqual(['1', '2']);
  });

  it('the enrolment unreadable: nothing sent', async () => {
    const f = fakeLoyalty(['1']);
    f.loyalty.getUserCharities.mockRejectedValueOnce(new Error('down'));
    vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    expect(await change(f, '3')).toBe('failed');
    expect(f.calls).toEqual([]);
  });
});
