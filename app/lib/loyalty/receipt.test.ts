import { describe, expect, it } from 'vitest';
import { parseReceiptText, readReceipt } from './receipt';

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

describe('readReceipt', () => {
  it('reads a receipt in the seed’s format', () => {
    expect(readReceipt(sample)).toEqual(parseReceiptText(sample));
  });

  it('refuses text that is not one: no store block, no amount due, nothing bought', () => {
    // An older register: one block, columns spaced instead of tab-separated.
    const spaced =
      'HARVEST MARKET\nSTORE 0001 REG 04\nMILK 1 GAL        3.49\nBALANCE DUE       3.49';
    expect(readReceipt(spaced)).toBeNull();
    expect(readReceipt('')).toBeNull();
    expect(readReceipt('HEADER\n\nStore\n\nBANANAS\t1.29')).toBeNull();
    expect(readReceipt('HEADER\n\nStore\n\nBalance Due\t4.03')).toBeNull();
    expect(readReceipt('HEADER\n\nStore\n\nBANANAS\t1.29\nBalance Due\tfour')).toBeNull();
    // 'Balance Due: 4.03' is no total line (no tab): an item note, and no amount due.
    expect(readReceipt('HEADER\n\nStore\n\nBANANAS\t1.29\nBalance Due: 4.03')).toBeNull();
  });

  it('reads the value after the first tab, extra tabs and spaces included', () => {
    const r = readReceipt(
      'H\n\nStore #1\n\nEGGS\t\t2.50\nBREAD \t 3.00 \nBAG FEE\t$0.10\n\nBalance Due\t\t5.60',
    );
    expect(r?.items).toEqual([
      { description: 'EGGS', value: 2.5 },
      { description: 'BREAD', value: 3 },
      { description: 'BAG FEE', value: 0.1 },
    ]);
    expect(r?.total).toBe(5.6);
  });

  it('keeps a receipt with missing lines, leaving them null', () => {
    const r = readReceipt('H\n\nStore #1\n\nEGGS\t2.50\n\nBalance Due\t2.50');
    expect(r).toMatchObject({
      subtotal: null,
      tax: null,
      total: 2.5,
      transactionNumber: null,
      points: null,
    });
  });

  it('reads the points earned, and none when the line is not a number', () => {
    const base = 'H\n\nStore #1\n\nEGGS\t2.50\n\nBalance Due\t2.50\n';
    expect(readReceipt(`${base}Points Earned\t2`)?.points).toBe(2);
    expect(readReceipt(`${base}points earned\t 12 `)?.points).toBe(12);
    expect(readReceipt(`${base}Points Earned\tdouble`)?.points).toBeNull();
  });
});
