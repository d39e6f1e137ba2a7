import { describe, expect, it } from 'vitest';
import {
  byDateDescending,
  creditDescription,
  creditTables,
  namedStores,
  pointsLines,
} from './details';

describe('creditDescription: drops the text up to and including the first hyphen and space', () => {
  it('keeps what follows the first "- "', () => {
    expect(creditDescription('RC500 - $5.00 reward credit for 500 points')).toBe(
      '$5.00 reward credit for 500 points',
    );
    expect(creditDescription('PROMO - $2.00 welcome back credit')).toBe(
      '$2.00 welcome back credit',
    );
    // Only the first one: a later '- ' stays.
    expect(creditDescription('A - B - C')).toBe('B - C');
    // A hyphen without a space is not the separator.
    expect(creditDescription('X-1 - Bonus')).toBe('Bonus');
  });

  it('keeps a description without "- " whole', () => {
    expect(creditDescription('Holiday bonus credit')).toBe('Holiday bonus credit');
    expect(creditDescription('Well-earned credit')).toBe('Well-earned credit');
    expect(creditDescription(null)).toBe('');
  });
});

describe('byDateDescending', () => {
  it('puts the newest first and unreadable dates last', () => {
    const rows = [
      { id: 'a', at: '2026-01-05T10:00:00Z' },
      { id: 'b', at: 'n/a' },
      { id: 'c', at: '2026-03-01T09:00:00Z' },
      { id: 'd', at: '2026-01-05' },
    ];
    expect(byDateDescending(rows, (r) => r.at).map((r) => r.id)).toEqual(['c', 'a', 'd', 'b']);
  });
});

describe('creditTables and pointsLines', () => {
  it('sorts each table by date descending, with Denver dates and short descriptions', () => {
    const tables = creditTables({
      currentCredits: 7.5,
      adjustmentHistory: [
        {
          description: 'PROMO - $2.00 welcome back credit',
          date: '2026-02-01T13:00:00Z',
          issuedBalance: 2,
          balance: 2,
          expirationDate: null,
        },
        {
          description: 'RC500 - $5.00 reward credit for 500 points',
          // 03:00 UTC on March 1 is still February 28 in Denver.
          date: '2026-03-01T03:00:00Z',
          issuedBalance: 5,
          balance: 0.5,
          expirationDate: null,
        },
      ],
      expiredCredits: [
        {
          description: 'HOLIDAY - $3.00',
          date: '2025-06-01T12:00:00Z',
          issuedBalance: 3,
          balance: 3,
          expirationDate: null,
        },
      ],
    });
    expect(tables.current).toBe(7.5);
    expect(tables.adjustments).toEqual([
      {
        description: '$5.00 reward credit for 500 points',
        date: 'Feb 28, 2026',
        issued: 5,
        balance: 0.5,
      },
      { description: '$2.00 welcome back credit', date: 'Feb 1, 2026', issued: 2, balance: 2 },
    ]);
    expect(tables.expired.map((r) => r.description)).toEqual(['$3.00']);

    expect(
      pointsLines([
        {
          description: 'Purchase - Store 0012',
          adjustmentDate: '2026-01-02T18:00:00Z',
          adjustmentValue: 24,
        },
        {
          description: 'Reward credit issued - 500 points',
          adjustmentDate: '2026-02-02T18:00:00Z',
          adjustmentValue: -500,
        },
      ]),
    ).toEqual([
      { description: 'Reward credit issued - 500 points', date: 'Feb 2, 2026', points: -500 },
      { description: 'Purchase - Store 0012', date: 'Jan 2, 2026', points: 24 },
    ]);
  });
});

describe('points rows name the store', () => {
  const names = new Map([
    ['0012', "Lin's Cedar City"],
    ['0201', 'Southend Valencia'],
  ]);
  it('puts the store name for its number, and leaves a number the brand has no store for', () => {
    expect(namedStores('Purchase - Store 0012', names)).toBe("Purchase - Lin's Cedar City");
    expect(namedStores('Purchase - Store #12', names)).toBe("Purchase - Lin's Cedar City");
    expect(namedStores('Purchase - Store 0999', names)).toBe('Purchase - Store 0999');
    expect(namedStores('Bonus - Storewide 0012', names)).toBe('Bonus - Storewide 0012');
    expect(namedStores('Purchase - Store 0012')).toBe('Purchase - Store 0012');
    expect(
      pointsLines(
        [
          {
            description: 'Purchase - Store 0201',
            adjustmentDate: '2026-01-02',
            adjustmentValue: 5,
          },
        ],
        names,
      )[0].description,
    ).toBe('Purchase - Southend Valencia');
  });
});
