import { describe, expect, it } from 'vitest';
import { parseReceiptText } from './receipt';

const sample = [
  'HARVEST MARKET\nThank you for shopping with us',
  'Harvest Market #0001\n123 Main St\nSalt Lake City, UT 84101',
  'BANANAS\t1.29\nMILK 1 GAL\t3.49\nDIGITAL COUPON\t-1.00',
  'Subtotal\t3.78\nTotal Tax\t0.25\nBalance Due\t4.03\nTrans. Number\t000123456\nPoints Earned\t4',
].join('\n\n');

describe('parseReceiptText', () => {
  it('splits header, location, items and totals', () => {
    expect(parseReceiptText(sample)).toEqual({
      header: ['HARVEST MARKET', 'Thank you for shopping with us'],
      location: ['Harvest Market #0001', '123 Main St', 'Salt Lake City, UT 84101'],
      items: [
        { description: 'BANANAS', value: 1.29 },
        { description: 'MILK 1 GAL', value: 3.49 },
        { description: 'DIGITAL COUPON', value: -1 },
      ],
      subtotal: 3.78,
      tax: 0.25,
      total: 4.03,
      transactionNumber: '000123456',
      points: 4,
    });
  });

  it('copes with CRLF, missing blocks and lines without a value', () => {
    const r = parseReceiptText('HEADER\r\n\r\nStore\r\n\r\nNOTE LINE\r\nEGGS\t$2.50');
    expect(r.location).toEqual(['Store']);
    expect(r.items).toEqual([
      { description: 'NOTE LINE', value: null },
      { description: 'EGGS', value: 2.5 },
    ]);
    expect(r.total).toBeNull();
    expect(parseReceiptText('')).toMatchObject({ header: [], location: [], items: [] });
  });
});
