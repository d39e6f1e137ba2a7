import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startActionHarness, type ActionHarness } from '@test/action-harness';
import { DEMO_SHOPPERS } from '@test/demo';
import { symbolRow } from '~/lib/barcode/symbol';
import type { ShopperCardData } from '~/lib/card/card.server';
import { shopperFromSession } from '~/lib/session/shopper.server';
import { action as loginAction } from '~/routes/login';
import { loader } from '~/routes/card';
import { decodeRow } from '@test/code128-decode';

/** /card against the reference loyalty service (demo brand lins), then with it stopped. */
const [ava] = DEMO_SHOPPERS;
let h: ActionHarness;

beforeAll(async () => {
  h = await startActionHarness({ sites: ['lins'] });
}, 60_000);
afterAll(() => h?.close());

async function signedIn() {
  const browser = h.browser('lins');
  const res = await browser.call(loginAction, '/login', {
    intent: 'login',
    email: ava.email,
    password: ava.password,
  });
  expect(res.status).toBe(302);
  const shopper = shopperFromSession(await browser.session());
  expect(shopper).not.toBeNull();
  return { browser, no: shopper!.frqShopperNo };
}

const cardOf = (data: unknown) => (data as { card: ShopperCardData }).card;

describe('card loader', () => {
  it('sends a guest to the login page, coming back to the card (and its query) afterwards', async () => {
    const res = await h.browser('lins').call(loader, '/card?from=menu');
    expect(res.status).toBe(302);
    expect(res.location).toBe('/login?redirectTo=%2Fcard%3Ffrom%3Dmenu');
  });

  it("gives a shopper their card: the brand's program name, masked and grouped number, and a barcode that reads back", async () => {
    const { browser, no } = await signedIn();
    const res = await browser.call(loader, '/card');
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    const card = cardOf(res.data);
    expect(card.title).toBe(`${browser.tenant.rewards.programName} card`);
    expect(card.retailerName).toBe(browser.tenant.retailerName);
    expect(card.number).toBe(no);
    expect(card.masked).toBe(`•••• ${no.slice(-4)}`);
    expect(card.grouped.replaceAll(' ', '')).toBe(no);
    expect(card.symbol?.symbology).toBe('code128');
    const row = Array.from(symbolRow(card.symbol!)).map((m) => (m === '1' ? 0 : 255));
    expect(decodeRow(row)).toMatchObject({ text: no, quietLeft: 10, quietRight: 10 });
  });

  it("draws the brand's symbology, and Code 128 when the number does not fit it", async () => {
    const { browser } = await signedIn();
    const card = browser.tenant.loyaltyCard;
    try {
      browser.tenant.loyaltyCard = { symbology: 'qrcode' };
      expect(cardOf((await browser.call(loader, '/card')).data).symbol?.kind).toBe('matrix');
      // Demo numbers have 12 digits: EAN-13 cannot hold them as they are.
      browser.tenant.loyaltyCard = { symbology: 'ean13', cardDigits: 13 };
      expect(cardOf((await browser.call(loader, '/card')).data).symbol?.symbology).toBe('code128');
    } finally {
      browser.tenant.loyaltyCard = card;
    }
  });

  it('shows the card with the loyalty service stopped: the number comes from the session', async () => {
    const { browser, no } = await signedIn();
    await h.loyalty.close();
    const res = await browser.call(loader, '/card');
    expect(res.status).toBe(200);
    expect(cardOf(res.data).number).toBe(no);
  });
});
