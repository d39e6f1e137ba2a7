/**
 * The e-mails of a sign-up, through the real actions, the site store, the outbox and a reference
 * mailing list: Harvest asks for confirmation (the provider is called only from the confirm
 * page's post), Lin's welcomes with a link to leave the list. Also the tokens: held sign-ups
 * (hashed, once, per brand, expiring) and the signed manage link.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startActionHarness, type ActionHarness } from '@test/action-harness';
import { readOutbox, type OutboxMail } from '@test/outbox';
import { startMailingListService, type MailingListService } from '@test/reference-services';
import { action as confirmAction, loader as confirmLoader } from '~/routes/newsletter_.confirm';
import { action as manageAction, loader as manageLoader } from '~/routes/newsletter_.manage';
import { action as standardAction } from '~/routes/newsletter';
import { findSignup, holdSignup, takeSignup } from './confirmations.server';
import type { LinkPageData, LinkPageReply } from './link-pages.server';
import { readManageToken, signManageToken } from './manage-token.server';
import { LINK_PAGE_MESSAGES } from './link-page-messages';
import { NEWSLETTER_MESSAGES, TRAP_FIELD } from './messages';

let h: ActionHarness;
let mailing: MailingListService;

beforeAll(async () => {
  [h, mailing] = await Promise.all([
    startActionHarness({ sites: ['lins', 'harvest'] }),
    startMailingListService({ dataDir: 'memory://', port: 0 }),
  ]);
  h.services.references = { ...h.services.references, mailingList: mailing.url };
}, 60_000);
afterAll(async () => {
  await mailing?.close();
  await h?.close();
});

let n = 0;
const unique = (name: string) => `${name}.${Date.now()}.${++n}@example.com`;
const outbox = () => path.join(h.dataDir, 'outbox');

async function mailsTo(email: string): Promise<OutboxMail[]> {
  return (await readOutbox(outbox()))
    .map((e) => e.mail)
    .filter((m) => m.recipients.includes(email));
}
async function member(list: string, email: string) {
  const res = await fetch(
    `${mailing.url}/lists/${list}/members?email=${encodeURIComponent(email)}`,
  );
  return ((await res.json()) as { subscribed: boolean }).subscribed;
}
const signup = (email: string, store: string, firstName = 'Robin <b>Evil</b>') => ({
  intent: 'subscribe',
  email,
  store,
  firstName,
  lastName: '',
  phone: '',
  [TRAP_FIELD]: '',
});
/** The token in a mail's link to `pathname`, read from both parts (the same link in each). */
function linkToken(mail: OutboxMail, pathname: string): string {
  const pattern = new RegExp(`https?://[^\\s"<>]+${pathname}\\?token=([A-Za-z0-9_.%-]+)`);
  const fromText = pattern.exec(mail.text ?? '')?.[1];
  const fromHtml = pattern.exec(mail.html ?? '')?.[1];
  expect(fromText).toBeTruthy();
  expect(fromHtml).toBe(fromText);
  return decodeURIComponent(fromText!);
}

describe('double opt-in (harvest)', () => {
  it('holds the sign-up, mails a link whose page asks before the provider is called', async () => {
    const email = unique('hal');
    const browser = h.browser('harvest');
    // A forged Host does not reach the link: it is built from the canonical origin.
    const res = await browser.call(standardAction, '/newsletter', signup(email, '0401'), {
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ intent: 'subscribe', done: true, pending: true });
    expect(await member('harvest', email)).toBe(false);

    const [mail, ...more] = await mailsTo(email);
    expect(more).toEqual([]);
    expect(mail.subject).toBe(
      'Please confirm your subscription to Harvest Table Market email offers',
    );
    expect(mail.html).toContain('Confirm Subscription');
    for (const part of [mail.text, mail.html]) expect(part).not.toMatch(/Robin|Evil|0401/);
    const token = linkToken(mail, '/newsletter/confirm');
    expect(mail.text).toContain(`${h.tenant('harvest').origin}/newsletter/confirm?token=`);
    for (const part of [mail.text, mail.html]) expect(part).not.toContain('evil.example');

    // Opening the link (a scanner, or the shopper) changes nothing.
    const page = await browser.call(confirmLoader, `/newsletter/confirm?token=${token}`);
    expect(page.data).toMatchObject({ prompt: LINK_PAGE_MESSAGES.confirmPrompt, token });
    expect(page.headers.get('Cache-Control')).toBe('private, no-store');
    expect(await member('harvest', email)).toBe(false);

    // Another brand's page does not know the token.
    const other = await h.browser('lins').call(confirmLoader, `/newsletter/confirm?token=${token}`);
    expect((other.data as LinkPageData).message).toBe(LINK_PAGE_MESSAGES.confirmExpired);

    const confirmed = await browser.call(confirmAction, '/newsletter/confirm', { token });
    expect(confirmed.data).toEqual({ ok: true, message: NEWSLETTER_MESSAGES.subscribed });
    expect(await member('harvest', email)).toBe(true);

    // Once only.
    const again = await browser.call(confirmAction, '/newsletter/confirm', { token });
    expect((again.data as LinkPageReply).message).toBe(LINK_PAGE_MESSAGES.confirmExpired);
  });

  it('mails one address at most three times an hour; the form answers the same', async () => {
    const email = unique('flood');
    for (let i = 0; i < 4; i++) {
      const res = await h
        .browser('harvest', { clientIp: `203.0.113.${i + 1}` })
        .call(standardAction, '/newsletter', signup(email, '0402'));
      expect(res.data).toMatchObject({ done: true, pending: true });
    }
    expect(await mailsTo(email)).toHaveLength(3);
  });
});

describe('welcome (lins)', () => {
  it('subscribes at once and mails a welcome whose manage page takes the address off', async () => {
    const email = unique('wes');
    const browser = h.browser('lins');
    const res = await browser.call(standardAction, '/newsletter', signup(email, '0012'));
    expect(res.data).toMatchObject({ done: true });
    expect((res.data as { pending?: boolean }).pending).toBeUndefined();
    expect(await member('lins', email)).toBe(true);

    const [mail] = await mailsTo(email);
    expect(mail.subject).toBe("Welcome to Lin's Fresh Market email offers");
    for (const part of [mail.text, mail.html]) expect(part).not.toMatch(/Robin|Evil/);
    const token = linkToken(mail, '/newsletter/manage');
    // mailparser reads List-Unsubscribe into its 'list' header.
    expect(JSON.stringify(mail.headers.get('list'))).toContain('/newsletter/manage?token=');

    const page = await browser.call(manageLoader, `/newsletter/manage?token=${token}`);
    expect((page.data as LinkPageData).prompt).toContain(email);
    expect(await member('lins', email)).toBe(true);
    const left = await browser.call(manageAction, '/newsletter/manage', { token });
    expect(left.data).toEqual({ ok: true, message: LINK_PAGE_MESSAGES.unsubscribed });
    expect(await member('lins', email)).toBe(false);
    const again = await browser.call(manageAction, '/newsletter/manage', { token });
    expect(again.data).toEqual({ ok: true, message: LINK_PAGE_MESSAGES.notSubscribed });

    // A changed token is refused.
    const forged = await browser.call(manageAction, '/newsletter/manage', { token: `${token}x` });
    expect(forged.data).toEqual({ ok: false, message: LINK_PAGE_MESSAGES.manageInvalid });
  });

  it('an address already on the list gets no second welcome', async () => {
    const email = unique('twice');
    await h.browser('lins').call(standardAction, '/newsletter', signup(email, '0012'));
    await h.browser('lins').call(standardAction, '/newsletter', signup(email, '0012'));
    expect(await mailsTo(email)).toHaveLength(1);
  });
});

describe('tokens', () => {
  it('a held sign-up: found by its token only for its brand, taken once, stored hashed', async () => {
    const store = h.accounts.siteStore;
    const fields = { EMAIL: 'kim@example.com', MMERGE3: 'X' };
    const token = await holdSignup(store, { brand: 'b1', variant: 'pharmacy', fields });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await store.query<{ token_hash: string }>(
      "select token_hash from newsletter_confirmations where brand = 'b1'",
    );
    expect(rows.map((r) => r.token_hash)).not.toContain(token);
    expect(await findSignup(store, 'b2', token)).toBeNull();
    expect(await findSignup(store, 'b1', 'short')).toBeNull();
    expect(await findSignup(store, 'b1', token)).toEqual({
      brand: 'b1',
      variant: 'pharmacy',
      fields,
    });
    expect(await takeSignup(store, 'b1', token)).toEqual({
      brand: 'b1',
      variant: 'pharmacy',
      fields,
    });
    expect(await takeSignup(store, 'b1', token)).toBeNull();

    const old = await holdSignup(store, { brand: 'b1', variant: 'standard', fields });
    await store.query(
      "update newsletter_confirmations set expires_at = now() - interval '1 second'",
    );
    expect(await takeSignup(store, 'b1', old)).toBeNull();
  });

  it('a manage token: read back with its secret and brand only, refused when changed', () => {
    const sub = { brand: 'lins', variant: 'ace' as const, email: 'ann@example.com' };
    const token = signManageToken('s3cret', sub);
    expect(readManageToken('s3cret', 'lins', token)).toEqual(sub);
    expect(readManageToken('other', 'lins', token)).toBeNull();
    expect(readManageToken('s3cret', 'dans', token)).toBeNull();
    const [payload, mac] = token.split('.');
    const swapped = Buffer.from(JSON.stringify(['lins', 'ace', 'eve@example.com'])).toString(
      'base64url',
    );
    expect(readManageToken('s3cret', 'lins', `${swapped}.${mac}`)).toBeNull();
    expect(readManageToken('s3cret', 'lins', `${payload}.${mac}.x`)).toBeNull();
    expect(readManageToken('s3cret', 'lins', '')).toBeNull();
  });
});
