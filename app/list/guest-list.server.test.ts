import type { AppLoadContext } from '@remix-run/node';
import { describe, expect, it } from 'vitest';
import {
  GUEST_COOKIE_MAX_BYTES,
  readGuestList,
  storeGuestList,
  unpack,
  type GuestList,
} from './guest-list.server';
import { MAX_GUEST_ITEMS, OTHER, type ListItem } from './rules';

const context = (secret = 'a-secret-that-is-long-enough-for-the-tests-0123') =>
  ({
    https: false,
    services: { env: { NODE_ENV: 'test' }, accounts: { cookieSecret: secret } },
  }) as unknown as AppLoadContext;

const line = (n: number, text = `Item ${n}`): ListItem => ({
  id: `g${n}`,
  text,
  quantity: 2,
  checked: n % 2 === 0,
  category: OTHER,
  source: 'text',
  refId: null,
  refCode: null,
  detail: null,
});

const requestWith = (setCookie: string) =>
  new Request('http://lins.localhost/list', {
    headers: { Cookie: setCookie.split(';')[0]! },
  });

describe('guest list cookie', () => {
  it('is signed, scoped to /list, HttpOnly and SameSite=Lax, and reads back', async () => {
    const list: GuestList = {
      next: 3,
      items: [line(1), { ...line(2), source: 'ad', refId: '46', detail: '$1.29 / lb' }],
    };
    const cookies = (await storeGuestList(context(), list))!;
    // At the page's path and at its data requests' (a fetcher's post with JavaScript).
    expect(cookies.map((c) => /Path=([^;]+)/.exec(c)?.[1])).toEqual(['/list', '/list.data']);
    const [cookie, dataCookie] = cookies;
    expect(cookie).toMatch(/^__list=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(dataCookie.split(';')[0]).toBe(cookie.split(';')[0]);
    expect(await readGuestList(requestWith(cookie), context())).toEqual(list);
    // Signed with another secret, or changed: an empty list.
    expect(
      (await readGuestList(requestWith(cookie), context('another-secret-long-enough-0123456789')))
        .items,
    ).toEqual([]);
    const tampered = cookie.replace(/^__list=./, (m) =>
      m.endsWith('e') ? '__list=f' : '__list=e',
    );
    expect((await readGuestList(requestWith(tampered), context())).items).toEqual([]);
  });

  it('refuses a list longer than a cookie may be', async () => {
    const items = Array.from({ length: MAX_GUEST_ITEMS }, (_, i) =>
      line(i + 1, `${i} ${'é'.repeat(115)}`),
    );
    expect(await storeGuestList(context(), { next: 21, items })).toBeNull();
    const fits = Array.from({ length: MAX_GUEST_ITEMS }, (_, i) =>
      line(i + 1, `${i} ${'x'.repeat(40)}`),
    );
    const cookies = await storeGuestList(context(), { next: 21, items: fits });
    for (const cookie of cookies!) {
      expect(Buffer.byteLength(cookie)).toBeLessThanOrEqual(GUEST_COOKIE_MAX_BYTES);
    }
  });

  it('reads anything of another shape as an empty or cleaned list', () => {
    for (const junk of [null, 'x', 5, [], { i: 'x' }, { i: [[0, 'x']] }, { i: [['1', 'x']] }]) {
      expect(unpack(junk).items).toEqual([]);
    }
    const odd = unpack({
      n: -4,
      i: [
        [5, ' Milk\n', 500, 1, 'Dairy', 'a', '', 'x'.repeat(300)],
        [5, 'Again', 1, 0, '', 't', '', ''],
        ...Array.from({ length: 40 }, (_, k) => [k + 10, `L${k}`, 1, 0, '', 't', '', '']),
      ],
    });
    expect(odd.items[0]).toMatchObject({
      id: 'g5',
      text: 'Milk',
      quantity: 99,
      checked: true,
      category: 'Dairy',
      source: 'text',
    });
    expect(odd.items[0]!.detail).toHaveLength(60);
    expect(odd.items).toHaveLength(MAX_GUEST_ITEMS - 1);
    expect(odd.next).toBeGreaterThan(Math.max(...odd.items.map((i) => Number(i.id.slice(1)))));
  });
});
