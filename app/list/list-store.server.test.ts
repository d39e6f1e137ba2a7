import crypto from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { storeTargets } from '@test/stores';
import { openSiteStore, type SiteStore } from '~/lib/site-store/site-store.server';
import {
  addItems,
  clearChecked,
  hashShareToken,
  isShared,
  readList,
  readSharedList,
  removeItem,
  setChecked,
  setQuantity,
  startSharing,
  stopSharing,
} from './list-store.server';
import type { NewItem } from './rules';

const stores: SiteStore[] = [];
afterAll(async () => {
  for (const store of stores) await store.close();
});

const text = (t: string, quantity = 1): NewItem => ({
  text: t,
  quantity,
  category: 'Other',
  source: 'text',
  refId: null,
  refCode: null,
  detail: null,
});

describe.each(storeTargets())('shopping list store on $name', (target) => {
  let store: SiteStore;
  const brand = `brand-${crypto.randomBytes(4).toString('hex')}`;
  const ava = { brand, shopperNo: '1001' };
  const ben = { brand, shopperNo: '1002' };

  it('opens the site store with the list tables', async () => {
    store = await openSiteStore({ dataDir: target.dataDir, databaseUrl: target.databaseUrl });
    stores.push(store);
  });

  it('keeps lines per shopper and brand, and adds the same thing once', async () => {
    expect(await addItems(store, ava, [text('Milk', 2)])).toEqual({
      ok: true,
      added: 1,
      dropped: 0,
    });
    await addItems(store, ava, [
      {
        text: 'Acme',
        quantity: 1,
        category: 'Dairy',
        source: 'coupon',
        refId: 'c1',
        refCode: 'CODE1',
        detail: '$1 off',
      },
    ]);
    await addItems(store, ava, [text('  MILK ', 3)]);
    const list = await readList(store, ava);
    expect(list.map((i) => [i.text, i.quantity, i.category, i.source])).toEqual([
      ['Milk', 5, 'Other', 'text'],
      ['Acme', 1, 'Dairy', 'coupon'],
    ]);
    expect(list[1]).toMatchObject({ refId: 'c1', refCode: 'CODE1', detail: '$1 off' });
    expect(await readList(store, ben)).toEqual([]);
    expect(await readList(store, { brand: `${brand}-other`, shopperNo: '1001' })).toEqual([]);
  });

  it('checks, sets quantities and removes only the shopper’s own lines', async () => {
    const [milk, coupon] = await readList(store, ava);
    expect(await setChecked(store, ben, milk!.id, true)).toBe(false);
    expect(await removeItem(store, ben, milk!.id)).toBe(false);
    expect(await setQuantity(store, ben, milk!.id, 9)).toBe(false);
    expect(await setChecked(store, ava, milk!.id, true)).toBe(true);
    expect(await setQuantity(store, ava, coupon!.id, 250)).toBe(true);
    expect(await setChecked(store, ava, 'junk', true)).toBe(false);
    let list = await readList(store, ava);
    expect(list.map((i) => [i.checked, i.quantity])).toEqual([
      [true, 5],
      [false, 99],
    ]);
    // Adding a checked line again unchecks it; the sum stops at 99.
    await addItems(store, ava, [text('milk', 98)]);
    list = await readList(store, ava);
    expect(list[0]).toMatchObject({ checked: false, quantity: 99 });
    await setChecked(store, ava, milk!.id, true);
    expect(await clearChecked(store, ava)).toBe(1);
    expect(await removeItem(store, ava, coupon!.id)).toBe(true);
    expect(await readList(store, ava)).toEqual([]);
  });

  it('refuses a new line past the limit and drops what does not fit in a merge', async () => {
    const owner = { brand, shopperNo: '2001' };
    await addItems(store, owner, [text('a'), text('b'), text('c')], 3);
    expect(await addItems(store, owner, [text('d')], 3)).toEqual({ ok: false, full: true });
    // The same thing again still fits (its quantity grows).
    expect(await addItems(store, owner, [text('A')], 3)).toMatchObject({ ok: true });
    expect(await addItems(store, owner, [text('b'), text('e'), text('f')], 3)).toEqual({
      ok: true,
      added: 1,
      dropped: 2,
    });
    // Concurrent adds never pass the limit.
    const other = { brand, shopperNo: '2002' };
    await Promise.all(
      Array.from({ length: 8 }, (_, i) => addItems(store, other, [text(`x${i}`)], 5)),
    );
    expect((await readList(store, other)).length).toBe(5);
  });

  it('shares a list by a token kept only as its hash, and stops sharing', async () => {
    const owner = { brand, shopperNo: '3001' };
    await addItems(store, owner, [text('Bread')]);
    expect(await isShared(store, owner)).toBe(false);
    const token = await startSharing(store, owner);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await store.query<{ token_hash: string }>(
      'select token_hash from shopping_list_shares where brand = $1 and shopper_no = $2',
      [brand, '3001'],
    );
    expect(rows[0]?.token_hash).toBe(hashShareToken(token));
    expect(rows[0]?.token_hash).not.toContain(token);
    expect((await readSharedList(store, brand, token))?.map((i) => i.text)).toEqual(['Bread']);
    expect(await readSharedList(store, `${brand}-other`, token)).toBeNull();
    const changed = `${token.slice(0, -1)}${token.endsWith('x') ? 'y' : 'x'}`;
    expect(await readSharedList(store, brand, changed)).toBeNull();
    expect(await readSharedList(store, brand, 'short')).toBeNull();
    // A new link replaces the old one.
    const again = await startSharing(store, owner);
    expect(again).not.toBe(token);
    expect(await readSharedList(store, brand, token)).toBeNull();
    await stopSharing(store, owner);
    expect(await readSharedList(store, brand, again)).toBeNull();
    expect(await isShared(store, owner)).toBe(false);
  });
});
