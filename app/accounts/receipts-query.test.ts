import { describe, expect, it } from 'vitest';
import { receiptViews } from './receipts';
import {
  filterReceipts,
  itemMatches,
  parseReceiptsQuery,
  queryString,
  receiptStores,
  SEARCH_MAX,
} from './receipts-query';

const parse = (query: string) => parseReceiptsQuery(new URLSearchParams(query));

const text = (store: string, lines: string[], number: string) =>
  [
    'LINS\nTHANK YOU',
    `${store}\n1 Main St\nProvo, UT 84601`,
    lines.join('\n'),
    `Subtotal\t5.00\nTotal Tax\t0.15\nBalance Due\t5.15\nTrans. Number\t${number}\nPoints Earned\t5`,
  ].join('\n\n');

const views = receiptViews([
  {
    transactionDate: '2026-11-03T19:00:00.000Z',
    transactionNumber: '000000001',
    receiptTextData: text('Lins Main', ['BLUEBELL MDW CRM CHS 8OZ\t2.49', 'LEMONS EA\t0.79'], '1'),
  },
  {
    transactionDate: '2026-10-20T19:00:00.000Z',
    transactionNumber: '000000002',
    receiptTextData: text('Lins North', ['SOURDOUGH LOAF\t4.99'], '2'),
  },
]);

describe('receipts query', () => {
  it('reads search, store and dates into filters', () => {
    const q = parse('q=+cream++cheese+&store=Lins+Main&from=2026-11-01&to=2026-11-30');
    expect(q.errors).toEqual({});
    expect(q.filters).toEqual({
      q: 'cream cheese',
      store: 'Lins Main',
      from: '2026-11-01',
      to: '2026-11-30',
    });
    expect(q.active).toBe(true);
    expect(parse('').active).toBe(false);
    expect(queryString(q.filters)).toBe(
      '?q=cream+cheese&store=Lins+Main&from=2026-11-01&to=2026-11-30',
    );
    expect(queryString(parse('').filters)).toBe('');
  });

  it('answers a bad field with its message and applies the others', () => {
    const long = 'x'.repeat(SEARCH_MAX + 1);
    const q = parse(`q=${long}&from=2026-02-30&to=soon&store=Lins+Main`);
    expect(q.errors).toEqual({
      q: 'Please enter at most 60 characters.',
      from: 'Please enter a valid date.',
      to: 'Please enter a valid date.',
    });
    expect(q.filters).toEqual({ q: '', store: 'Lins Main', from: '', to: '' });
    expect(q.values.q).toBe(long);
    expect(parse(`q=${'y'.repeat(5000)}`).values.q).toHaveLength(200);
    expect(parse(`store=${'s'.repeat(81)}`).errors.store).toBe(
      'Please choose a store from the list.',
    );
    const backwards = parse('from=2026-11-10&to=2026-11-01');
    expect(backwards.errors.to).toBe('Date must be later than Nov 9, 2026');
    expect(backwards.filters).toMatchObject({ from: '2026-11-10', to: '' });
  });

  it('filters by item words (abbreviations read), store and dates', () => {
    expect(itemMatches('BLUEBELL MDW CRM CHS 8OZ', 'cream cheese')).toBe(true);
    expect(itemMatches('BLUEBELL MDW CRM CHS 8OZ', 'mdw crm')).toBe(true);
    expect(itemMatches('LEMONS EA', 'cheese')).toBe(false);
    const keys = (query: string) =>
      filterReceipts(views, parse(query).filters).map((v) => v.transactionNumber);
    expect(keys('')).toEqual(['000000001', '000000002']);
    expect(keys('q=cream+cheese')).toEqual(['000000001']);
    expect(keys('q=sourdough')).toEqual(['000000002']);
    expect(keys('store=Lins+North')).toEqual(['000000002']);
    expect(keys('from=2026-11-01')).toEqual(['000000001']);
    expect(keys('to=2026-10-31')).toEqual(['000000002']);
    expect(keys('from=2026-10-20&to=2026-10-20')).toEqual(['000000002']);
    expect(keys('q=milk')).toEqual([]);
    expect(receiptStores(views)).toEqual(['Lins Main', 'Lins North']);
  });
});
