import { describe, expect, it } from 'vitest';
import {
  cleanText,
  dedupeKey,
  groupItems,
  GUEST_LIST_FULL_MESSAGE,
  LIST_FULL_MESSAGE,
  mergeItems,
  OTHER,
  QUANTITY_MESSAGE,
  TEXT_REQUIRED_MESSAGE,
  TEXT_TOO_LONG_MESSAGE,
  type ListItem,
} from './rules';
import { parseListForm } from './schemas';

const item = (id: string, text: string, extra: Partial<ListItem> = {}): ListItem => ({
  id,
  text,
  quantity: 1,
  checked: false,
  category: OTHER,
  source: 'text',
  refId: null,
  refCode: null,
  detail: null,
  ...extra,
});

const form = (fields: Record<string, string | string[]>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) data.append(name, v);
  }
  return data;
};

describe('list rules', () => {
  it('words its limits in the catalogue’s style', () => {
    expect(LIST_FULL_MESSAGE).toBe('Your list can hold up to 100 items. Remove some to add more.');
    expect(GUEST_LIST_FULL_MESSAGE).toMatch(
      /^Your list can hold up to 20 items until you log in\./,
    );
  });

  it('keeps text on one line, without controls, cut to the limit', () => {
    expect(cleanText('  Milk\n\t 2%\u0000 ')).toBe('Milk 2%');
    expect(cleanText('x'.repeat(200))).toHaveLength(120);
  });

  it('finds the same thing again: free text folded, coupons and ad items by id', () => {
    expect(dedupeKey({ source: 'text', refId: null, text: 'Crème  Fraîche' })).toBe(
      dedupeKey({ source: 'text', refId: null, text: 'creme fraiche' }),
    );
    expect(dedupeKey({ source: 'coupon', refId: '7', text: 'A' })).toBe(
      dedupeKey({ source: 'coupon', refId: '7', text: 'B' }),
    );
    expect(dedupeKey({ source: 'ad', refId: '7', text: 'A' })).not.toBe(
      dedupeKey({ source: 'coupon', refId: '7', text: 'A' }),
    );
  });

  it('merges a guest list: duplicates summed (at most 99) and unchecked, the rest within the limit', () => {
    const mine = [item('1', 'Milk', { quantity: 60, checked: true }), item('2', 'Eggs')];
    const guest = [
      item('g1', 'milk', { quantity: 50 }),
      item('g2', 'Bread'),
      item('g3', 'Jam'),
      item('g4', 'Tea'),
    ];
    const { items, dropped } = mergeItems(mine, guest, 4);
    expect(items.map((i) => [i.text, i.quantity, i.checked])).toEqual([
      ['Milk', 99, false],
      ['Eggs', 1, false],
      ['Bread', 1, false],
      ['Jam', 1, false],
    ]);
    expect(dropped).toBe(1);
    expect(mine[0]!.quantity).toBe(60);
  });

  it('groups lines by department, alphabetically, with Other last', () => {
    const groups = groupItems([
      item('1', 'Tea'),
      item('2', 'Soap', { category: 'Personal Care' }),
      item('3', 'Cheese', { category: 'Dairy' }),
      item('4', 'Milk', { category: 'Dairy' }),
      item('5', 'Odd', { category: '' }),
    ]);
    expect(groups.map((g) => [g.category, g.items.map((i) => i.text)])).toEqual([
      ['Dairy', ['Cheese', 'Milk']],
      ['Personal Care', ['Soap']],
      [OTHER, ['Tea', 'Odd']],
    ]);
  });
});

describe('list posts', () => {
  it('takes each intent with its fields', () => {
    expect(parseListForm(form({ intent: 'add', text: ' Milk ', quantity: '3' })).data).toEqual({
      intent: 'add',
      text: 'Milk',
      quantity: 3,
      returnTo: undefined,
    });
    expect(parseListForm(form({ intent: 'add', text: 'Milk' })).data).toMatchObject({
      quantity: 1,
    });
    expect(
      parseListForm(form({ intent: 'toggle', id: 'g12', checked: 'false' })).data,
    ).toMatchObject({ checked: false });
    expect(
      parseListForm(
        form({ intent: 'add-ad', adId: '46', text: 'x'.repeat(300), returnTo: '/weekly-ad' }),
      ).data,
    ).toMatchObject({ text: 'x'.repeat(120), returnTo: '/weekly-ad' });
    expect(
      parseListForm(
        form({ intent: 'add-coupon', offerId: '100', returnTo: 'https://evil.example' }),
      ).data,
    ).toMatchObject({ returnTo: undefined });
  });

  it('refuses wrong input with the shopper’s message', () => {
    const message = (fields: Record<string, string | string[]>) => {
      const parsed = parseListForm(form(fields));
      expect(parsed.success).toBe(false);
      return parsed.error?.issues.find((i) => i.code === 'custom')?.message ?? null;
    };
    expect(message({ intent: 'add', text: '   ' })).toBe(TEXT_REQUIRED_MESSAGE);
    expect(message({ intent: 'add', text: 'x'.repeat(121) })).toBe(TEXT_TOO_LONG_MESSAGE);
    for (const quantity of ['0', '100', '-1', '1.5', 'lots', '1e2']) {
      expect(message({ intent: 'add', text: 'Milk', quantity })).toBe(QUANTITY_MESSAGE);
    }
    // Other shapes: no message of ours, nothing taken.
    expect(message({ intent: 'remove', id: '1; drop table' })).toBeNull();
    expect(message({ intent: 'remove', id: ['1', '2'] })).toBeNull();
    expect(message({ intent: 'nonsense' })).toBeNull();
    expect(message({})).toBeNull();
  });
});
