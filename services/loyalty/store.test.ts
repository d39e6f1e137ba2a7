import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SHOPPERS, DEMO_UNREGISTERED_PHONE } from './credentials';
import { openDb, type Db } from '../../common/db.server';
import { readMigrations } from '../../common/migrate.server';
import { LOYALTY_MIGRATIONS_DIR, migrateLoyalty } from './migrations';
import { createRandom, seed } from './seed';
import { MALFORMED_RECEIPT_MARK } from './seed/receipts';
import { storeTargets, uniqueAppId } from '../../test/stores';

const cents = (value: string) => Math.round(Number(value) * 100);

/** Checks one receipt against the contract's text format; returns its points. */
function checkReceipt(text: string) {
  const blocks = text.split('\n\n');
  expect(blocks).toHaveLength(4);
  expect(blocks[1].split('\n')).toHaveLength(3);
  const items = blocks[2].split('\n').map((line) => {
    const match = /^(.+)\t(-?\d+\.\d{2})$/.exec(line);
    expect(match, line).not.toBeNull();
    return cents(match![2]);
  });
  const totals = Object.fromEntries(blocks[3].split('\n').map((line) => line.split('\t')));
  expect(Object.keys(totals)).toEqual([
    'Subtotal',
    'Total Tax',
    'Balance Due',
    'Trans. Number',
    'Points Earned',
  ]);
  expect(items.reduce((a, b) => a + b, 0)).toBe(cents(totals['Subtotal']));
  expect(cents(totals['Subtotal']) + cents(totals['Total Tax'])).toBe(cents(totals['Balance Due']));
  expect(totals['Trans. Number']).toMatch(/^\d{9}$/);
  expect(Number(totals['Points Earned'])).toBe(Math.floor(Number(totals['Balance Due'])));
}

describe.each(storeTargets())('store on $name', (target) => {
  let db: Db;
  const appId = uniqueAppId('store');
  const tiers = [500, 1000, 2000];

  beforeAll(async () => {
    db = await openDb({ dir: target.dataDir, databaseUrl: target.databaseUrl });
  });
  afterAll(async () => {
    await db?.close();
  });

  it('applies the migrations once and records them (idempotent)', async () => {
    await migrateLoyalty(db);
    expect(await migrateLoyalty(db)).toEqual([]);
    const rows = await db.query<{ version: string }>(
      'select version from schema_migrations order by version',
    );
    expect(rows.map((r) => r.version)).toEqual(
      readMigrations(LOYALTY_MIGRATIONS_DIR).map((m) => m.version),
    );
  });

  it('gives every table an app_id column', async () => {
    const tables = await db.query<{ table_name: string; has: boolean }>(
      `select t.table_name, exists (select 1 from information_schema.columns c
         where c.table_schema = t.table_schema and c.table_name = t.table_name
           and c.column_name = 'app_id') as has
       from information_schema.tables t
       where t.table_schema = current_schema() and t.table_name <> 'schema_migrations'`,
    );
    expect(tables.length).toBeGreaterThanOrEqual(15);
    expect(tables.filter((t) => !t.has)).toEqual([]);
  });

  it('seeds an app once, in well under the time budget', async () => {
    const first = await seed(db, {
      appId,
      storeNumbers: ['0012', '0021'],
      tiers,
      retailerName: 'Test Foods',
      stores: [
        { storeNumber: '0012', name: 'Test Foods Main', address: '1 Main St', zip: '84720' },
      ],
    });
    expect(first.seeded).toBe(true);
    expect(first.ms).toBeLessThan(5000);
    const again = await seed(db, { appId, storeNumbers: [], tiers });
    expect(again.seeded).toBe(false);
  });

  it('seeds at least 600 offers over 12 categories and 60 brands with the wanted states', async () => {
    const [row] = await db.query<Record<string, number>>(
      `select count(*)::int as offers, count(distinct category_name)::int as categories,
         count(distinct brand_name)::int as brands,
         min(offer_value)::float8 as min_value, max(offer_value)::float8 as max_value,
         count(*) filter (where offer_value < 1)::int as cents_values,
         count(*) filter (where is_promoted)::int as promoted,
         count(*) filter (where expiry_date <= now())::int as expired,
         count(*) filter (where active_date > now())::int as not_active,
         count(*) filter (where active_date <= now() and expiry_date > now()
           and expiry_date < now() + interval '3 days')::int as expiring_soon,
         count(*) filter (where image1 !~ '^/images/coupons/[a-z-]+\\.svg$')::int as bad_images
       from offers where app_id = $1`,
      [appId],
    );
    expect(row.offers).toBeGreaterThanOrEqual(600);
    expect(row.categories).toBeGreaterThanOrEqual(12);
    expect(row.brands).toBeGreaterThanOrEqual(60);
    expect(row.min_value).toBe(0.25);
    expect(row.max_value).toBe(5);
    expect(row.cents_values).toBeGreaterThan(3);
    expect(row.promoted).toBeGreaterThan(10);
    expect(row.expired).toBeGreaterThan(5);
    expect(row.not_active).toBeGreaterThan(3);
    expect(row.expiring_soon).toBeGreaterThan(5);
    expect(row.bad_images).toBe(0);
  });

  it('seeds the demo shoppers, their coupons, receipts and the unregistered record', async () => {
    const shoppers = await db.query<{
      email: string | null;
      phone: string;
      password_hash: string | null;
      my_store: string;
      frq_shopper_no: string;
    }>(
      `select email, phone, password_hash, my_store, frq_shopper_no from shoppers
       where app_id = $1 order by phone`,
      [appId],
    );
    expect(shoppers.map((s) => s.email)).toEqual([...DEMO_SHOPPERS.map((s) => s.email), null]);
    expect(shoppers[3].phone).toBe(DEMO_UNREGISTERED_PHONE);
    expect(shoppers[3].password_hash).toBeNull();
    expect(shoppers.slice(0, 3).every((s) => s.password_hash?.startsWith('scrypt$'))).toBe(true);
    expect(shoppers.map((s) => s.my_store)).toEqual(['0012', '0021', '0012', '0']);
    for (const s of shoppers) expect(s.frq_shopper_no).toMatch(/^\d{12}$/);

    const perShopper = await db.query<{
      frq: string;
      receipts: number;
      oldest: number;
      clipped: number;
      redeemed: number;
    }>(
      `select s.frq_shopper_no as frq,
         (select count(*)::int from receipts r where r.app_id = s.app_id
            and r.frq_shopper_no = s.frq_shopper_no) as receipts,
         (select coalesce(extract(epoch from now() - min(transaction_date)) / 86400, 0)::float8
            from receipts r where r.app_id = s.app_id
            and r.frq_shopper_no = s.frq_shopper_no) as oldest,
         (select count(*)::int from clipped_offers c where c.app_id = s.app_id
            and c.frq_shopper_no = s.frq_shopper_no) as clipped,
         (select count(*)::int from redeemed_offers r where r.app_id = s.app_id
            and r.frq_shopper_no = s.frq_shopper_no) as redeemed
       from shoppers s where s.app_id = $1 and s.email is not null`,
      [appId],
    );
    expect(perShopper).toHaveLength(3);
    for (const s of perShopper) {
      expect(s.receipts).toBeGreaterThanOrEqual(20);
      expect(s.oldest).toBeLessThanOrEqual(150);
      expect(s.clipped).toBeGreaterThan(5);
      expect(s.redeemed).toBeGreaterThan(3);
    }
  });

  it('writes receipts whose totals add up', async () => {
    const all = await db.query<{ receipt_text: string; phone: string }>(
      `select r.receipt_text, s.phone from receipts r join shoppers s
         on s.app_id = r.app_id and s.frq_shopper_no = r.frq_shopper_no
       where r.app_id = $1 order by s.phone`,
      [appId],
    );
    // One receipt, the second shopper's, is malformed on purpose (the site's raw-text fallback).
    const malformed = all.filter((r) => r.receipt_text.includes(MALFORMED_RECEIPT_MARK));
    expect(malformed.map((r) => r.phone)).toEqual([DEMO_SHOPPERS[1].phone]);
    expect(malformed[0].receipt_text).not.toContain('\n\n');
    const receipts = all.filter((r) => !malformed.includes(r));
    expect(receipts.length).toBeGreaterThanOrEqual(60);
    for (const r of receipts) checkReceipt(r.receipt_text);
    expect(receipts.some((r) => r.receipt_text.includes('Test Foods Main\n1 Main St\n'))).toBe(
      true,
    );
  });

  it('puts the shoppers’ points around the tiers', async () => {
    const points = await db.query<{ email: string; points: number }>(
      `select s.email, coalesce(sum(p.adjustment_value), 0)::int as points
       from shoppers s left join points_history p
         on p.app_id = s.app_id and p.frq_shopper_no = s.frq_shopper_no
       where s.app_id = $1 and s.email is not null group by s.email order by s.email`,
      [appId],
    );
    const [ava, ben, cara] = points.map((p) => p.points);
    expect(ava).toBeLessThan(tiers[0]);
    expect(ava).toBeGreaterThan(tiers[0] - 100);
    expect(ben).toBeGreaterThan(tiers[0]);
    expect(ben).toBeLessThan(tiers[1]);
    expect(cara).toBeGreaterThan(tiers[2]);
  });

  it('seeds charities in groups, terms, loyalty offers, premiums and credits', async () => {
    const [row] = await db.query<Record<string, number>>(
      `select
         (select count(*)::int from charities where app_id = $1) as charities,
         (select count(distinct charity_description)::int from charities where app_id = $1) as groups,
         (select count(*)::int from terms_versions where app_id = $1) as terms,
         (select count(*)::int from premiums where app_id = $1) as premiums,
         (select count(distinct qualifier_level)::int from loyalty_offers where app_id = $1) as levels,
         (select count(*)::int from loyalty_offer_progress where app_id = $1 and progress >= 100) as done,
         (select count(*)::int from loyalty_offer_progress where app_id = $1
            and offer_code in ('0509', '0500') and participation_amount is not null) as amounts,
         (select count(*)::int from credits where app_id = $1 and expires_at <= now()) as expired,
         (select count(*)::int from credits where app_id = $1 and expires_at > now()) as open`,
      [appId],
    );
    expect(row.charities).toBeGreaterThanOrEqual(40);
    expect(row.groups).toBeGreaterThanOrEqual(4);
    expect(row.terms).toBe(2);
    expect(row.premiums).toBeGreaterThan(0);
    expect(row.levels).toBe(2);
    expect(row.done).toBeGreaterThan(0);
    expect(row.amounts).toBe(6);
    expect(row.expired).toBeGreaterThan(0);
    expect(row.open).toBeGreaterThan(0);
  });

  it('seeds an app without stores or tiers, isolated from the first', async () => {
    const other = uniqueAppId('store-other');
    const result = await seed(db, { appId: other, storeNumbers: [], tiers: [] });
    expect(result.seeded).toBe(true);
    const [counts] = await db.query<{ mine: number; clash: number }>(
      `select (select count(*)::int from offers where app_id = $1) as mine,
         (select count(*)::int from shoppers a join shoppers b
            on a.frq_shopper_no = b.frq_shopper_no
          where a.app_id = $1 and b.app_id = $2) as clash`,
      [other, appId],
    );
    expect(counts.mine).toBeGreaterThanOrEqual(600);
    expect(counts.clash).toBe(0);
  });
});

describe('seed randomness', () => {
  it('is deterministic per appId', () => {
    const a = createRandom('loyalty:lins');
    const b = createRandom('loyalty:lins');
    const c = createRandom('loyalty:dans');
    const seqA = Array.from({ length: 5 }, () => a.next());
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(seqA);
    expect(Array.from({ length: 5 }, () => c.next())).not.toEqual(seqA);
  });
});
