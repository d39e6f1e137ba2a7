import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSiteStore, type SiteStore } from '~/lib/site-store/site-store.server';
import {
  claimReminderEvents,
  effectiveChoices,
  listReminderShoppers,
  markReminderEventsSent,
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
    await recordReminderShopper(store, {
      brand: 'x',
      shopperNo: '1',
      email: 'a@x.test',
      firstName: 'A',
    });
    await recordReminderShopper(store, {
      brand: 'x',
      shopperNo: '2',
      email: 'b@x.test',
      firstName: 'B',
    });
    await setReminderChoices(store, 'x', '1', { couponsExpiring: true });
    // A new sign-in changes the address, not the choices.
    await recordReminderShopper(store, {
      brand: 'x',
      shopperNo: '1',
      email: 'new@x.test',
      firstName: 'A',
    });
    const one = await readReminderShopper(store, 'x', '1');
    expect(one).toMatchObject({ email: 'new@x.test', couponsExpiring: true, rewardsReady: null });
    const off = { couponsExpiring: false, rewardsReady: false };
    expect(effectiveChoices(one, off)).toEqual({ couponsExpiring: true, rewardsReady: false });
    expect((await listReminderShoppers(store, 'x', off)).map((s) => s.shopperNo)).toEqual(['1']);
    const on = { couponsExpiring: false, rewardsReady: true };
    expect((await listReminderShoppers(store, 'x', on)).map((s) => s.shopperNo)).toEqual([
      '1',
      '2',
    ]);
    // An unsubscribe link for a shopper the site has no address for only keeps the choice.
    await setReminderChoices(store, 'x', '3', { rewardsReady: false });
    expect((await listReminderShoppers(store, 'x', on)).map((s) => s.shopperNo)).toEqual([
      '1',
      '2',
    ]);
  });
});
