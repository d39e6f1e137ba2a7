import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderServer, textOf } from '@test/render';
import {
  homeStoreSaveFailedMessage,
  STORE_NOTICE_MS,
  type StoreNotice,
} from '~/stores/home-store/home-store';
import { createAutoHide } from '~/lib/ui/snackbar-logic';
import { shouldSaveOnSwitch } from './snackbar-logic';
import { HomeStoreSnackbar, SnackbarView, StoreNoticeStatus } from './snackbar';
import { HomeStoreSwitch } from './switch';

afterEach(() => {
  vi.useRealTimers();
});

const notice = (extra: Partial<StoreNotice> = {}): StoreNotice => ({
  storeNumber: '0021',
  name: "Lin's St. George",
  offerSave: false,
  saved: false,
  ...extra,
});

describe('the snackbar timer (spec §9: 3000 ms)', () => {
  it('closes after 3000 ms', () => {
    vi.useFakeTimers();
    const hide = vi.fn();
    createAutoHide(STORE_NOTICE_MS, hide).start();
    expect(STORE_NOTICE_MS).toBe(3000);
    vi.advanceTimersByTime(2999);
    expect(hide).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(hide).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    expect(hide).toHaveBeenCalledTimes(1);
  });

  it('never closes while focused, and goes on from where it paused once the focus leaves', () => {
    vi.useFakeTimers();
    const hide = vi.fn();
    const timer = createAutoHide(3000, hide);
    timer.start();
    vi.advanceTimersByTime(2000);
    timer.hold('focus');
    vi.advanceTimersByTime(60_000);
    expect(hide).not.toHaveBeenCalled();
    timer.release('focus');
    vi.advanceTimersByTime(999);
    expect(hide).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(hide).toHaveBeenCalledTimes(1);
  });

  it('waits for every hold to end (hover and focus), including one from before it started', () => {
    vi.useFakeTimers();
    const hide = vi.fn();
    const timer = createAutoHide(3000, hide);
    timer.hold('hover');
    timer.start();
    timer.hold('focus');
    vi.advanceTimersByTime(5000);
    timer.release('hover');
    vi.advanceTimersByTime(5000);
    expect(hide).not.toHaveBeenCalled();
    timer.release('focus');
    vi.advanceTimersByTime(3000);
    expect(hide).toHaveBeenCalledTimes(1);
  });

  it('does nothing once stopped (closed by Escape or its button)', () => {
    vi.useFakeTimers();
    const hide = vi.fn();
    const timer = createAutoHide(3000, hide);
    timer.start();
    timer.stop();
    timer.release('hover');
    vi.advanceTimersByTime(10_000);
    expect(hide).not.toHaveBeenCalled();
  });
});

describe('saving at the switch (docs/reference/stores.md "Home store")', () => {
  it('saves only with the switch on, a store, and a store other than the saved one', () => {
    expect(shouldSaveOnSwitch(true, '0021', '0012')).toBe(true);
    expect(shouldSaveOnSwitch(true, '0021', null)).toBe(true);
    expect(shouldSaveOnSwitch(false, '0021', '0012')).toBe(false);
    expect(shouldSaveOnSwitch(true, '', '0012')).toBe(false);
    expect(shouldSaveOnSwitch(true, null, '0012')).toBe(false);
    expect(shouldSaveOnSwitch(true, '0021', '0021')).toBe(false);
  });
});

describe('the snackbar (server render)', () => {
  const view = (props: Partial<Parameters<typeof SnackbarView>[0]> = {}) =>
    renderServer(
      <SnackbarView
        item={null}
        switchOn={false}
        onSwitch={() => {}}
        onClose={() => {}}
        {...props}
      />,
    );

  it('keeps an empty polite live region in the page before any message', async () => {
    const html = await view();
    expect(html).toMatch(/<p role="status" aria-live="polite" aria-atomic="true"[^>]*><\/p>/);
    expect(html).not.toContain('data-open');
    expect(html).not.toContain('role="switch"');
    expect(html).not.toContain('<button');
  });

  it("says 'Now shopping at {store}.' with a close button, and no switch without offerSave", async () => {
    const html = await view({ item: { kind: 'notice', notice: notice() } });
    expect(textOf(html)).toContain("Now shopping at Lin's St. George.");
    expect(html).toContain('data-open="true"');
    expect(html).toMatch(/<button type="button"[^>]*aria-label="Close"/);
    expect(html).not.toContain('role="switch"');
  });

  it("holds the labelled 'Make this my home store' switch only when offerSave", async () => {
    const html = await view({ item: { kind: 'notice', notice: notice({ offerSave: true }) } });
    const input = html.match(/<input[^>]*role="switch"[^>]*>/)?.[0] ?? '';
    expect(input).toContain('type="checkbox"');
    const id = input.match(/id="([^"]+)"/)?.[1];
    expect(id).toBeTruthy();
    expect(html).toContain(`for="${id}"`);
    expect(textOf(html)).toContain('Make this my home store');
    expect(input).not.toContain('checked');
    const on = await view({
      item: { kind: 'notice', notice: notice({ offerSave: true }) },
      switchOn: true,
    });
    expect(on.match(/<input[^>]*role="switch"[^>]*>/)?.[0]).toContain('checked');
  });

  it('keeps the switch on and locked, and says Saving, while its save is on its way', async () => {
    const html = await view({
      item: { kind: 'notice', notice: notice({ offerSave: true }) },
      switchOn: true,
      busy: true,
    });
    const input = html.match(/<input[^>]*role="switch"[^>]*>/)?.[0] ?? '';
    expect(input).toContain('checked');
    expect(input).toContain('aria-disabled="true"');
    expect(html).toContain('aria-busy="true"');
    expect(textOf(html)).toContain('Saving');
    const idle = await view({ item: { kind: 'notice', notice: notice({ offerSave: true }) } });
    expect(idle).not.toContain('aria-busy');
    expect(idle).not.toContain('aria-disabled');
  });

  it('says a save failed in our words, and what a saved store is', async () => {
    const failed = await view({
      item: {
        kind: 'notice',
        notice: notice({ offerSave: true, error: homeStoreSaveFailedMessage("Lin's St. George") }),
      },
    });
    expect(textOf(failed)).toContain(
      "Now shopping at Lin's St. George. We couldn't save Lin's St. George as your home store. Please try again.",
    );
    const saved = await view({ item: { kind: 'notice', notice: notice({ saved: true }) } });
    expect(textOf(saved)).toContain(
      "Now shopping at Lin's St. George. Lin's St. George is now your home store.",
    );
  });

  it('renders without JavaScript as a status message in the page, in noscript', async () => {
    const html = await renderServer(
      <HomeStoreSnackbar notice={notice({ saved: true })} savedStoreNumber="0021" redirectTo="/" />,
    );
    expect(html).toMatch(/^<noscript>/);
    expect(html).toContain('role="status"');
    expect(textOf(html)).toContain("Now shopping at Lin's St. George.");
    expect(textOf(html)).toContain("Lin's St. George is now your home store.");
    expect(
      await renderServer(
        <HomeStoreSnackbar notice={null} savedStoreNumber={null} redirectTo="/" />,
      ),
    ).toBe('');
  });

  it('offers a save form without JavaScript when the switch would be offered', async () => {
    const html = await renderServer(
      <StoreNoticeStatus notice={notice({ offerSave: true })} redirectTo="/posts?x=1" />,
    );
    expect(html).toMatch(/<form method="post" action="\/home-store"/);
    expect(html).toContain('name="intent" value="save-home-store"');
    expect(html).toContain('name="storeNumber" value="0021"');
    expect(html).toContain('name="redirectTo" value="/posts?x=1"');
    expect(textOf(html)).toContain("Make this my home store : Lin's St. George");
    const none = await renderServer(<StoreNoticeStatus notice={notice()} redirectTo="/" />);
    expect(none).not.toContain('<form');
  });
});

describe('the home-store switch', () => {
  it('is a real labelled checkbox with role switch; locked, it stays on and says so', async () => {
    const html = await renderServer(
      <HomeStoreSwitch id="s1" name="makeHome" checked locked onChange={() => {}} />,
    );
    const input = html.match(/<input[^>]*>/)?.[0] ?? '';
    expect(input).toContain('type="checkbox"');
    expect(input).toContain('role="switch"');
    expect(input).toContain('name="makeHome"');
    expect(input).toContain('checked');
    expect(input).toContain('aria-disabled="true"');
    expect(html).toContain('<label for="s1"');
  });
});
