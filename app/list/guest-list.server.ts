/**
 * A guest's list (docs/decisions/0034-shopping-list.md): kept in the guest's browser, in a signed
 * cookie sent only with requests to the list's own addresses: stored twice, at Path=/list (the
 * page and its posts) and at Path=/list.data (the same page's data requests and posts with
 * JavaScript, which a cookie of Path=/list is not sent with), HttpOnly,
 * SameSite=Lax, at most MAX_GUEST_ITEMS lines and GUEST_COOKIE_MAX_BYTES long. A cookie that is
 * not ours, too old in shape or tampered with reads as an empty list. The shopper's first list
 * request after logging in merges it into their list and clears it.
 */
import { createCookie, type AppLoadContext } from '@remix-run/node';
import {
  cleanText,
  clampQuantity,
  MAX_GUEST_ITEMS,
  MAX_TEXT,
  OTHER,
  type ItemSource,
  type ListItem,
} from './rules';

export const GUEST_COOKIE = '__list';
/** What the Set-Cookie value may hold at most (browsers keep 4096 bytes a cookie). */
export const GUEST_COOKIE_MAX_BYTES = 3800;
const MAX_AGE_S = 30 * 24 * 60 * 60;

export interface GuestList {
  /** The next line's number (a guest's line ids are 'g1', 'g2', …). */
  next: number;
  items: ListItem[];
}

export const emptyGuestList = (): GuestList => ({ next: 1, items: [] });

/** One line as the cookie keeps it: [id, text, quantity, checked, category, source, ref, detail]. */
type Packed = [number, string, number, 0 | 1, string, string, string, string];

function pack(list: GuestList): { n: number; i: Packed[] } {
  return {
    n: list.next,
    i: list.items.map((item) => [
      Number(item.id.slice(1)),
      item.text,
      item.quantity,
      item.checked ? 1 : 0,
      item.category === OTHER ? '' : item.category,
      item.source === 'ad' ? 'a' : 't',
      item.refId ?? '',
      item.detail ?? '',
    ]),
  };
}

const str = (v: unknown, max: number) => (typeof v === 'string' ? cleanText(v, max) : '');

/** The list a parsed cookie value holds; anything of another shape gives an empty list. */
export function unpack(value: unknown): GuestList {
  if (!value || typeof value !== 'object') return emptyGuestList();
  const { n, i } = value as { n?: unknown; i?: unknown };
  if (!Array.isArray(i)) return emptyGuestList();
  const items: ListItem[] = [];
  const seen = new Set<string>();
  for (const row of i.slice(0, MAX_GUEST_ITEMS)) {
    if (!Array.isArray(row)) continue;
    const [id, text, quantity, checked, category, source, ref, detail] = row as unknown[];
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) continue;
    const clean = str(text, MAX_TEXT);
    if (!clean || seen.has(`g${id}`)) continue;
    seen.add(`g${id}`);
    const isAd = source === 'a' && Boolean(str(ref, 64));
    items.push({
      id: `g${id}`,
      text: clean,
      quantity: clampQuantity(typeof quantity === 'number' ? quantity : 1),
      checked: checked === 1,
      category: str(category, 60) || OTHER,
      source: (isAd ? 'ad' : 'text') as ItemSource,
      refId: isAd ? str(ref, 64) : null,
      refCode: null,
      detail: str(detail, 60) || null,
    });
  }
  const highest = items.reduce((m, item) => Math.max(m, Number(item.id.slice(1))), 0);
  const next = typeof n === 'number' && Number.isSafeInteger(n) && n > highest ? n : highest + 1;
  return { next, items };
}

/** Where the cookie is stored: the list page, and its data requests with JavaScript. */
const GUEST_COOKIE_PATHS = ['/list', '/list.data'] as const;

function guestCookie(context: AppLoadContext, path: string = GUEST_COOKIE_PATHS[0]) {
  const production = context.services.env.NODE_ENV === 'production';
  return createCookie(GUEST_COOKIE, {
    path,
    httpOnly: true,
    sameSite: 'lax',
    secure: production || context.https,
    secrets: [context.services.accounts.cookieSecret],
    maxAge: MAX_AGE_S,
  });
}

/** The guest list the request's cookie holds (empty without one, or with a bad one). */
export async function readGuestList(request: Request, context: AppLoadContext): Promise<GuestList> {
  const header = request.headers.get('Cookie');
  if (!header || !header.includes(`${GUEST_COOKIE}=`)) return emptyGuestList();
  try {
    return unpack(await guestCookie(context).parse(header));
  } catch {
    return emptyGuestList();
  }
}

/** Whether the request carries a guest list cookie at all (to clear it after a merge). */
export const hasGuestCookie = (request: Request) =>
  (request.headers.get('Cookie') ?? '').includes(`${GUEST_COOKIE}=`);

/**
 * The Set-Cookie values that store `list` (one per path), or null when one would be longer than
 * GUEST_COOKIE_MAX_BYTES (the change is then refused). An empty list clears the cookie.
 */
export async function storeGuestList(
  context: AppLoadContext,
  list: GuestList,
): Promise<string[] | null> {
  if (!list.items.length) return clearGuestList(context);
  const packed = pack(list);
  const values = await Promise.all(
    GUEST_COOKIE_PATHS.map((path) => guestCookie(context, path).serialize(packed)),
  );
  return values.some((v) => Buffer.byteLength(v) > GUEST_COOKIE_MAX_BYTES) ? null : values;
}

/** The Set-Cookie values that remove the guest list (at each path). */
export function clearGuestList(context: AppLoadContext): Promise<string[]> {
  return Promise.all(
    GUEST_COOKIE_PATHS.map((path) =>
      guestCookie(context, path).serialize('', { maxAge: 0, expires: new Date(0) }),
    ),
  );
}
