import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBoss, recentFailures, type PgBoss } from '~/lib/jobs/boss.server';
import type { MailMessage } from '~/lib/mail/mailer.server';
import {
  readReminderShopper,
  recordReminderShopper,
  setReminderChoices,
} from '~/lib/reminders/store.server';
import { verifyUnsubscribe } from '~/lib/reminders/token.server';
import { openSiteStore, type SiteStore } from '~/lib/site-store/site-store.server';
import { loadTenants } from '~/lib/tenant/registry.server';
import type { Tenant } from '~/lib/tenant/schema';
import { sendShopperDigest, type ReminderDeps, type ReminderLoyalty } from './digest.server';
import { drainReminders, enqueueDue, ensureReminderQueues } from './runner.server';

const SECRET = 'digest-test-secret-0123456789abcdef';
const NOW = new Date('2026-11-20T16:30:00Z'); // 09:30 in Denver
const { tenants } = loadTenants(path.resolve('tenants'), 3000);
const dans = tenants.find((t) => t.sitePath === 'dans')!;

interface Book {
  coupons: Array<{ id: string; summary: string; end: string }>;
  points: number;
}
const books = new Map<string, Book>();
const loyalty: ReminderLoyalty = {
  async getOffers(shopperNo) {
    const book = books.get(shopperNo)!;
    return {
      activated: book.coupons.map((c) => ({
        offerId: c.id,
        offerSummary: c.summary,
        brandName: null,
        offerExpiryDate: c.end,
      })),
      redeemed: [],
    };
  },
  async getPointsTotal(shopperNo) {
    return books.get(shopperNo)!.points;
  },
  async getCreditDetails() {
    return { adjustmentHistory: [] };
  },
};

let store: SiteStore;
let boss: PgBoss;
const sent: MailMessage[] = [];
let failNext = 0;
const deps = (): ReminderDeps => ({
  store,
  secret: SECRET,
  mailer: {
    async send(message) {
      if (failNext > 0) {
        failNext--;
        throw new Error('smtp said no');
      }
      sent.push(message);
      return { messageId: String(sent.length) };
    },
  },
  tenant: (brand) => tenants.find((t) => t.sitePath === brand) ?? null,
  loyalty: () => loyalty,
  now: () => NOW,
});

const defaultsOf = (t: Tenant) => ({
  couponsExpiring: t.reminders.couponsExpiring,
  rewardsReady: t.reminders.rewardsReady,
});

async function shopper(no: string, book: Book, brand: Tenant = dans) {
  books.set(no, book);
  await recordReminderShopper(
    store,
    {
      brand: brand.sitePath,
      shopperNo: no,
      email: `s${no}@example.com`,
      firstName: `S${no}`,
    },
    defaultsOf(brand),
  );
}

beforeAll(async () => {
  store = await openSiteStore({ dataDir: 'memory://' });
  // The same job code as on PostgreSQL, through the embedded store's connection.
  boss = await openBoss({ store });
  await ensureReminderQueues(boss, { retryLimit: 1, retryDelay: 0 });
});
afterAll(async () => {
  await boss?.stop({ graceful: false, wait: true });
  await store?.close();
});

describe('a shopper digest', () => {
  it('mails each event once, with the unsubscribe headers, and only new events later', async () => {
    await shopper('100', {
      coupons: [
        { id: 'c1', summary: 'Save $1 on Jam', end: '2026-11-21' },
        { id: 'c2', summary: 'Save 50¢ on Pasta', end: '2026-11-23' },
        { id: 'c3', summary: 'Later', end: '2026-12-20' },
      ],
      points: 640,
    });
    sent.length = 0;
    expect(await sendShopperDigest(deps(), 'dans', '100')).toBe('sent');
    expect(await sendShopperDigest(deps(), 'dans', '100')).toBe('nothing-new');
    expect(sent).toHaveLength(1);
    const mail = sent[0]!;
    expect(mail.subject).toBe('2 of your clipped coupons expire in 3 days');
    expect(mail.to).toEqual({ name: 'S100', address: 's100@example.com' });
    expect(mail.text).toContain('Save $1 on Jam (ends Nov 21, 2026)');
    expect(mail.text).toContain('you reached the 500-point reward');
    expect(mail.text).not.toContain('Later');
    expect(mail.html).toContain('Save 50¢ on Pasta');
    const link = /^<(.+)>$/.exec(mail.headers!['List-Unsubscribe']!)![1]!;
    expect(mail.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(link.startsWith(`${dans.origin}/email/unsubscribe?t=`)).toBe(true);
    expect(mail.text).toContain(link);
    expect(mail.text).toContain(`${dans.origin}/account#reminders`);
    // Coupons and a reward in one mail: its link stops both.
    expect(verifyUnsubscribe(SECRET, new URL(link).searchParams.get('t'))).toEqual({
      brand: 'dans',
      shopperNo: '100',
      kind: 'all',
    });

    // A coupon clipped since: only it goes.
    books.get('100')!.coupons.push({ id: 'c4', summary: 'Save $2 on Tea', end: '2026-11-22' });
    expect(await sendShopperDigest(deps(), 'dans', '100')).toBe('sent');
    expect(sent[1]!.subject).toBe('1 of your clipped coupons expires in 3 days');
    expect(sent[1]!.text).toContain('Save $2 on Tea');
    expect(sent[1]!.text).not.toContain('Jam');
  });

  it('sends once when runs overlap, and nothing to a shopper who turned a kind off', async () => {
    await shopper('200', { coupons: [{ id: 'x', summary: 'Soon', end: '2026-11-20' }], points: 0 });
    sent.length = 0;
    const outcomes = await Promise.all(
      [1, 2, 3].map(() => sendShopperDigest(deps(), 'dans', '200')),
    );
    expect(outcomes.filter((o) => o === 'sent')).toHaveLength(1);
    expect(sent).toHaveLength(1);

    await shopper('300', { coupons: [{ id: 'y', summary: 'Soon', end: '2026-11-20' }], points: 0 });
    await setReminderChoices(store, 'dans', '300', { couponsExpiring: false }, defaultsOf(dans));
    expect(await sendShopperDigest(deps(), 'dans', '300')).toBe('nothing-new');
    await setReminderChoices(store, 'dans', '300', { rewardsReady: false }, defaultsOf(dans));
    expect(await sendShopperDigest(deps(), 'dans', '300')).toBe('skipped');
    // With every kind off the address is no longer kept.
    expect(await readReminderShopper(store, 'dans', '300')).toMatchObject({ email: '' });
    // A brand whose default is off (dicks) sends nothing to a shopper who never chose.
    const dicks = tenants.find((t) => t.sitePath === 'dicks')!;
    await shopper(
      '400',
      { coupons: [{ id: 'z', summary: 'Soon', end: '2026-11-20' }], points: 0 },
      dicks,
    );
    expect(await sendShopperDigest(deps(), 'dicks', '400')).toBe('skipped');
    expect(await readReminderShopper(store, 'dicks', '400')).toBeNull(); // no address kept
    // Once they opt in, their next visit records the address, and the digest goes.
    await setReminderChoices(store, 'dicks', '400', { couponsExpiring: true }, defaultsOf(dicks));
    await shopper(
      '400',
      { coupons: [{ id: 'z', summary: 'Soon', end: '2026-11-20' }], points: 0 },
      dicks,
    );
    expect(await sendShopperDigest(deps(), 'dicks', '400')).toBe('sent');
    expect(sent.map((m) => (m.to as { address: string }).address)).toEqual([
      's200@example.com',
      's400@example.com',
    ]);
  });
});

describe('the reminder queue on the embedded store', () => {
  it('retries a failed send once and mails it once; keeps a job that always fails as failed', async () => {
    await store.query('delete from reminder_shoppers');
    await shopper('500', {
      coupons: [{ id: 'r', summary: 'Retry me', end: '2026-11-21' }],
      points: 0,
    });
    sent.length = 0;
    failNext = 1;
    // 09:30 in Denver: dans (send hour 9) is due, harvest (8) is not.
    const { due, alreadyRun } = await enqueueDue(boss, tenants, NOW);
    expect(due).toContain('dans');
    expect(due).not.toContain('harvest');
    expect(alreadyRun).toEqual([]);
    const first = await drainReminders(boss, deps());
    expect(first.failed.map((f) => f.error)).toEqual(['smtp said no']);
    expect(sent.map((m) => m.text.includes('Retry me'))).toEqual([true]);

    await shopper('600', {
      coupons: [{ id: 'f', summary: 'Never', end: '2026-11-21' }],
      points: 0,
    });
    await store.query("delete from reminder_shoppers where shopper_no <> '600'");
    failNext = 99;
    // The brand ran in this hour's slot already: enqueued again (another process, a later tick),
    // it makes no job.
    expect(await enqueueDue(boss, tenants, NOW, { brand: 'dans', force: true })).toEqual({
      due: ['dans'],
      alreadyRun: ['dans'],
    });
    expect(await drainReminders(boss, deps())).toEqual({ completed: 0, failed: [] });
    // A slot of one second (a fast-ticking worker), a second later: a new run.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await enqueueDue(boss, tenants, NOW, { brand: 'dans', force: true, slotSeconds: 1 });
    const second = await drainReminders(boss, deps());
    failNext = 0;
    // The first try and its one retry.
    expect(second.failed).toHaveLength(2);
    const failures = await recentFailures(boss);
    expect(failures[0]).toMatchObject({
      queue: 'reminders-shopper',
      data: { brand: 'dans', shopperNo: '600' },
      error: 'smtp said no',
      retries: 1,
    });
    // The claim was given back: a later run sends it.
    expect(await store.query("select * from reminder_sent where shopper_no = '600'")).toEqual([]);
    expect(await sendShopperDigest(deps(), 'dans', '600')).toBe('sent');
  });
});
