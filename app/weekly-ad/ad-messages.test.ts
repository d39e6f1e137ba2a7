import { describe, expect, it } from 'vitest';
import {
  acceptAdViewerMessage,
  parseAdViewerMessage,
  storeForPage,
  type AdStore,
} from './ad-messages';

const ORIGIN = 'http://127.0.0.1:3200';
const frameWindow = { name: 'the frame' };
const otherWindow = { name: 'another frame' };

describe("the ad viewer's messages", () => {
  it('takes the two documented shapes', () => {
    expect(parseAdViewerMessage({ type: 'sign-in' })).toEqual({ type: 'sign-in' });
    expect(parseAdViewerMessage({ type: 'store-changed', page: 'lins-st-george' })).toEqual({
      type: 'store-changed',
      page: 'lins-st-george',
    });
    // Extra fields are dropped, not passed on.
    expect(parseAdViewerMessage({ type: 'sign-in', redirect: 'https://evil.example' })).toEqual({
      type: 'sign-in',
    });
  });

  it('refuses anything else', () => {
    for (const data of [
      null,
      undefined,
      'sign-in',
      42,
      [],
      ['sign-in'],
      {},
      { type: 'SIGN-IN' },
      { type: 'sign-out' },
      { type: 'store-changed' },
      { type: 'store-changed', page: '' },
      { type: 'store-changed', page: 7 },
      { type: 'store-changed', page: { toString: () => 'x' } },
      { type: 'store-changed', page: 'x'.repeat(101) },
    ]) {
      expect(parseAdViewerMessage(data), JSON.stringify(data) ?? String(data)).toBeNull();
    }
  });

  it("honours a message only from the viewer's origin and from the page's frame", () => {
    const data = { type: 'store-changed', page: 'p' };
    expect(
      acceptAdViewerMessage({ origin: ORIGIN, source: frameWindow, data }, ORIGIN, frameWindow),
    ).toEqual({ type: 'store-changed', page: 'p' });
    const refused = [
      { origin: 'http://evil.localhost:4400', source: frameWindow },
      { origin: 'http://127.0.0.1:3201', source: frameWindow },
      { origin: 'https://127.0.0.1:3200', source: frameWindow },
      { origin: 'null', source: frameWindow },
      { origin: '', source: frameWindow },
      // The right origin from another window (a second frame, a popup, the page itself).
      { origin: ORIGIN, source: otherWindow },
      { origin: ORIGIN, source: null },
    ];
    for (const event of refused) {
      expect(
        acceptAdViewerMessage({ ...event, data }, ORIGIN, frameWindow),
        event.origin,
      ).toBeNull();
    }
    // No ad viewer, or no frame (yet): nothing is honoured.
    expect(
      acceptAdViewerMessage({ origin: ORIGIN, source: frameWindow, data }, null, frameWindow),
    ).toBeNull();
    expect(acceptAdViewerMessage({ origin: ORIGIN, source: null, data }, ORIGIN, null)).toBeNull();
    // The right origin and frame with a shape we do not know.
    expect(
      acceptAdViewerMessage(
        { origin: ORIGIN, source: frameWindow, data: 'hi' },
        ORIGIN,
        frameWindow,
      ),
    ).toBeNull();
  });

  it('finds the store whose ad page a store-changed names, one the home selector offers first', () => {
    const stores: AdStore[] = [
      { storeNumber: '1', name: 'One', page: 'shared', canChoose: false },
      { storeNumber: '2', name: 'Two', page: 'shared', canChoose: true },
      { storeNumber: '3', name: 'Three', page: 'three', canChoose: false },
    ];
    expect(storeForPage(stores, 'shared')?.storeNumber).toBe('2');
    expect(storeForPage(stores, 'three')?.storeNumber).toBe('3');
    expect(storeForPage(stores, 'Three')).toBeNull();
    expect(storeForPage(stores, 'nope')).toBeNull();
  });
});
