import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSiteStore, type SiteStore } from '~/lib/site-store/site-store.server';
import {
  claimReminderEvents,
  effectiveChoices,
  KEEP_SENT_DAYS,
  listReminderShoppers,
  markReminderEventsSent,
  pruneReminderEvents,
  readReminderShopper,
  recordReminderShopper,
  releaseReminderEvents,
  setReminderChoices,
} from './store.server';

let store: SiteStore;
beforeAll(async () => {
  store = await openSiteStore({ dataDir: 'memory://' });
});
afterAll(async () => store?.close());

describe('the reminders store', () => {
  it('claims each event once; a release or a stale unsent claim frees it, a sent one never', async () => {
    const claim = (keys: string[]) => claimReminderEvents(store, 'b', '1', keys);
    expect([...(await claim(['a', 'b']))].sort()).toEqual(['a', 'b']);
    expect([...(await claim(['a', 'b', 'c']))]).toEqual(['c']);
    await releaseReminderEvents(store, 'b', '1', ['c']);
    await markReminderEventsSent(store, 'b', '1', ['a']);
    // 'b' was claimed by a process that died: after ten minutes it may be taken again.
    await store.query("update reminder_sent set claimed_at = now() - interval '11 minutes'");
    expect([...(await claim(['a', 'b', 'c']))].sort()).toEqual(['b', 'c']);
    // The other brand's and shopper's keys are their own.
    expect([...(await claimReminderEvents(store, 'b', '2', ['a']))]).toEqual(['a']);
  });

  it('keeps choices across sign-ins, defaults unset ones, and lists who may get a reminder', async () => {
    const on = { couponsExpiring: false, rewardsReady: true };
    const off = { couponsExpiring: false, rewardsReady: false };
    const record = (no: string, email: string, defaults = on) =>
      recordReminderShopper(store, { brand: 'x', shopperNo: no, email, firstName: 'N' }, defaults);
    await record('1', 'a@x.test');
    await record('2', 'b@x.test');
    await setReminderChoices(store, 'x', '1', { couponsExpiring: true }, on);
    // A new sign-in changes the address, not the choices.
    await record('1', 'new@x.test');
    const one = await readReminderShopper(store, 'x', '1');
    expect(one).toMatchObject({ email: 'new@x.test', couponsExpiring: true, rewardsReady: null });
    expect(effectiveChoices(one, off)).toEqual({ couponsExpiring: true, rewardsReady: false });
    expect((await listReminderShoppers(store, 'x', off)).map((s) => s.shopperNo)).toEqual(['1']);
    expect((await listReminderShoppers(store, 'x', on)).map((s) => s.shopperNo)).toEqual([
      '1',
      '2',
    ]);
    // An unsubscribe link for a shopper the site has no address for only keeps the choice.
    await setReminderChoices(store, 'x', '3', { rewardsReady: false }, on);
    expect((await listReminderShoppers(store, 'x', on)).map((s) => s.shopperNo)).toEqual([
      '1',
      '2',
    ]);
  });

  it('keeps an address only while the shopper may get a reminder', async () => {
    const on = { couponsExpiring: true, rewardsReady: false };
    const off = { couponsExpiring: false, rewardsReady: false };
    const record = (no: string, defaults: typeof on) =>
      recordReminderShopper(
        store,
        { brand: 'y', shopperNo: no, email: `${no}@y.test`, firstName: 'N' },
        defaults,
      );
    // A brand with every kind off by default keeps nothing of a shopper who never chose.
    await record('1', off);
    expect(await readReminderShopper(store, 'y', '1')).toBeNull();
    // Opting in keeps the choice; the next sign-in or visit keeps the address.
    await setReminderChoices(store, 'y', '1', { rewardsReady: true }, off);
    expect(await readReminderShopper(store, 'y', '1')).toMatchObject({ email: '' });
    await record('1', off);
    expect(await readReminderShopper(store, 'y', '1')).toMatchObject({ email: '1@y.test' });
    // Turning the last kind off forgets the address and name; a sign-in does not bring them back.
    await setReminderChoices(store, 'y', '1', { rewardsReady: false }, off);
    expect(await readReminderShopper(store, 'y', '1')).toMatchObject({ email: '', firstName: '' });
    await record('1', off);
    expect(await readReminderShopper(store, 'y', '1')).toMatchObject({ email: '' });
    // On a brand whose default is on, turning one kind off keeps it while the other is on.
    await record('2', on);
    await setReminderChoices(store, 'y', '2', { rewardsReady: false }, on);
    expect(await readReminderShopper(store, 'y', '2')).toMatchObject({ email: '2@y.test' });
    await setReminderChoices(store, 'y', '2', { couponsExpiring: false }, on);
    expect(await readReminderShopper(store, 'y', '2')).toMatchObject({ email: '' });
  });

  it('prunes reminders sent long ago, not recent ones or other brands', async () => {
    await claimReminderEvents(store, 'p', '1', ['old', 'new']);
    await claimReminderEvents(store, 'q', '1', ['old']);
    await markReminderEventsSent(store, 'p', '1', ['old', 'new']);
    await store.query(
      `update reminder_sent set sent_at = now() - make_interval(days => $1)
       where event_key = 'old'`,
      [KEEP_SENT_DAYS + 1],
    );
    await pruneReminderEvents(store, 'p');
    const left = await store.query<{ brand: string; event_key: string }>(
      "select brand, event_key from reminder_sent where brand in ('p', 'q') order by brand, event_key",
    );
    expect(left).toEqual([
      { brand: 'p', event_key: 'new' },
      { brand: 'q', event_key: 'old' },
    ]);
  });
});
