import { describe, expect, it } from 'vitest';
import type { Receipt } from '~/lib/loyalty/types';
import { rangeSentence, receiptsRange, receiptViews } from './receipts';

const text = (store: string, total: string, number = '000000001') =>
  [
    'HARVEST MARKET\nTHANK YOU FOR SHOPPING WITH US',
    `${store}\n12 Main St\nCedar City, UT 84720`,
    'BANANAS\t1.29\nDIGITAL COUPON\t-0.50',
    `Subtotal\t0.79\nTotal Tax\t0.02\nBalance Due\t${total}\nTrans. Number\t${number}\nPoints Earned\t0`,
  ].join('\n\n');

const receipt = (transactionDate: string, receiptTextData: string, n: string | null = null) =>
  ({ transactionDate, receiptTextData, transactionNumber: n }) as Receipt;

describe('receiptViews', () => {
  it('puts the newest first, reads each one, and keeps an unreadable one as printed', () => {
    const raw = 'OLD REGISTER\nMILK      3.49\nTOTAL     3.49';
    const views = receiptViews([
      receipt('2026-03-02T17:00:00.000Z', text('Harvest #2', '0.81', '000000002'), '000000002'),
      receipt('2026-06-10T01:30:00.000Z', raw, '000000003'),
      receipt('2026-01-15T19:00:00.000Z', text('Harvest #1', '0.81', '000000001'), '000000001'),
    ]);
    expect(views.map((v) => v.transactionNumber)).toEqual(['000000003', '000000002', '000000001']);
    // 01:30 UTC on June 10 is the evening of June 9 in Denver.
    expect(views[0]).toMatchObject({
      date: '2026-06-09',
      dateLabel: 'Jun 9, 2026',
      store: null,
      total: null,
      parsed: null,
      raw,
    });
    expect(views[1]).toMatchObject({
      key: '000000002',
      date: '2026-03-02',
      store: 'Harvest #2',
      total: 0.81,
      raw: null,
    });
    expect(views[1].parsed?.items).toEqual([
      { description: 'BANANAS', value: 1.29 },
      { description: 'DIGITAL COUPON', value: -0.5 },
    ]);
  });

  it('takes the transaction number from the text when the call has none; keys stay unique', () => {
    const views = receiptViews([
      receipt('2026-03-02T17:00:00.000Z', text('A', '1.00', '00 7"<x>')),
      receipt('2026-03-01T17:00:00.000Z', text('B', '1.00', '00 7"<x>')),
      receipt('not a date', 'garbage'),
      receipt('also not', 'garbage'),
    ]);
    expect(views.map((v) => v.transactionNumber)).toEqual(['00 7"<x>', '00 7"<x>', null, null]);
    expect(views.map((v) => v.key)).toEqual(['007x', '007x-2', 'receipt', 'receipt-2']);
    expect(views[2]).toMatchObject({ date: '', dateLabel: '' });
  });
});

describe('receiptsRange', () => {
  it('runs from the oldest to the newest day, ignoring unreadable dates', () => {
    const views = receiptViews([
      receipt('2026-11-20T18:00:00.000Z', 'x'),
      receipt('bad', 'x'),
      receipt('2026-06-12T18:00:00.000Z', 'x'),
      receipt('2026-08-01T18:00:00.000Z', 'x'),
    ]);
    const range = receiptsRange(views)!;
    expect(range).toEqual({
      from: '2026-06-12',
      to: '2026-11-20',
      fromLabel: 'Jun 12, 2026',
      toLabel: 'Nov 20, 2026',
    });
    expect(rangeSentence(range, 4)).toBe('Receipts from Jun 12, 2026 to Nov 20, 2026');
  });

  it('is null without receipts; one day reads as one day', () => {
    expect(receiptsRange([])).toBeNull();
    expect(receiptsRange(receiptViews([receipt('bad', 'x')]))).toBeNull();
    const one = receiptsRange(receiptViews([receipt('2026-06-12T18:00:00.000Z', 'x')]))!;
    expect(rangeSentence(one, 1)).toBe('Receipt from Jun 12, 2026');
    expect(rangeSentence(one, 2)).toBe('Receipts from Jun 12, 2026');
  });
});
