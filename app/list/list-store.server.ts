/**
 * A signed-in shopper's list in the site store (shopping_list_items, shopping_list_shares),
 * keyed by brand and shopper number. Every change runs in a transaction holding a lock of the
 * shopper's list, so two posts at once never take the list past its limit. Every statement names
 * the brand and the shopper: no call reaches another shopper's lines.
 */
import crypto from 'node:crypto';
import type { SiteQuery, SiteStore } from '~/lib/site-store/site-store.server';
import {
  clampQuantity,
  dedupeKey,
  MAX_ITEMS,
  OTHER,
  type ItemSource,
  type ListItem,
  type NewItem,
} from './rules';

export interface ListOwner {
  brand: string;
  shopperNo: string;
}

interface Row {
  id: string | number;
  text: string;
  quantity: number;
  checked: boolean;
  category: string;
  source: string;
  ref_id: string | null;
  ref_code: string | null;
  detail: string | null;
}

const COLUMNS = 'id, text, quantity, checked, category, source, ref_id, ref_code, detail';

function toItem(row: Row): ListItem {
  return {
    id: String(row.id),
    text: row.text,
    quantity: Number(row.quantity),
    checked: Boolean(row.checked),
    category: row.category || OTHER,
    source: (['coupon', 'ad'].includes(row.source) ? row.source : 'text') as ItemSource,
    refId: row.ref_id,
    refCode: row.ref_code,
    detail: row.detail,
  };
}

/** The shopper's lines, in the order they were added. */
export async function readList(store: SiteQuery, owner: ListOwner): Promise<ListItem[]> {
  const rows = await store.query<Row>(
    `select ${COLUMNS} from shopping_list_items
      where brand = $1 and shopper_no = $2 order by id`,
    [owner.brand, owner.shopperNo],
  );
  return rows.map(toItem);
}

/** Runs `work` with the shopper's list locked (one change of a list at a time). */
async function locked<T>(
  store: SiteStore,
  owner: ListOwner,
  work: (tx: SiteQuery) => Promise<T>,
): Promise<T> {
  return store.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(hashtext($1))', [
      `list:${owner.brand}:${owner.shopperNo}`,
    ]);
    return work(tx);
  });
}

export type AddOutcome = { ok: true; added: number; dropped: number } | { ok: false; full: true };

/**
 * Adds lines: one already on the list (same dedupe key) has the quantities summed (at most 99)
 * and is unchecked; a new one is added while the list has fewer than MAX_ITEMS lines. Adding a
 * single new line to a full list is refused (`full`); of several (a guest's list merged), the
 * ones that do not fit are dropped and counted.
 */
export async function addItems(
  store: SiteStore,
  owner: ListOwner,
  items: readonly NewItem[],
  max = MAX_ITEMS,
): Promise<AddOutcome> {
  return locked(store, owner, async (tx) => {
    const counted = await tx.query<{ n: string | number }>(
      'select count(*) as n from shopping_list_items where brand = $1 and shopper_no = $2',
      [owner.brand, owner.shopperNo],
    );
    let count = Number(counted[0]?.n ?? 0);
    let added = 0;
    let dropped = 0;
    for (const item of items) {
      const key = dedupeKey(item);
      const bumped = await tx.query(
        `update shopping_list_items
            set quantity = least(99, quantity + $4), checked = false
          where brand = $1 and shopper_no = $2 and dedupe_key = $3 returning id`,
        [owner.brand, owner.shopperNo, key, clampQuantity(item.quantity)],
      );
      if (bumped.length) {
        added += 1;
        continue;
      }
      if (count >= max) {
        if (items.length === 1) return { ok: false, full: true } as const;
        dropped += 1;
        continue;
      }
      await tx.query(
        `insert into shopping_list_items
           (brand, shopper_no, text, quantity, category, source, ref_id, ref_code, detail, dedupe_key)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [
          owner.brand,
          owner.shopperNo,
          item.text,
          clampQuantity(item.quantity),
          item.category || OTHER,
          item.source,
          item.refId,
          item.refCode,
          item.detail,
          key,
        ],
      );
      count += 1;
      added += 1;
    }
    return { ok: true, added, dropped } as const;
  });
}

const idOf = (id: string) => (/^[0-9]{1,15}$/.test(id) ? id : '0');

/** Checks or unchecks a line; false when the shopper has no such line. */
export async function setChecked(
  store: SiteQuery,
  owner: ListOwner,
  id: string,
  checked: boolean,
): Promise<boolean> {
  const rows = await store.query(
    `update shopping_list_items set checked = $4
      where brand = $1 and shopper_no = $2 and id = $3 returning id`,
    [owner.brand, owner.shopperNo, idOf(id), checked],
  );
  return rows.length > 0;
}

/** Sets a line's quantity (1–99); false when the shopper has no such line. */
export async function setQuantity(
  store: SiteQuery,
  owner: ListOwner,
  id: string,
  quantity: number,
): Promise<boolean> {
  const rows = await store.query(
    `update shopping_list_items set quantity = $4
      where brand = $1 and shopper_no = $2 and id = $3 returning id`,
    [owner.brand, owner.shopperNo, idOf(id), clampQuantity(quantity)],
  );
  return rows.length > 0;
}

/** Removes a line; false when the shopper has no such line. */
export async function removeItem(store: SiteQuery, owner: ListOwner, id: string): Promise<boolean> {
  const rows = await store.query(
    `delete from shopping_list_items where brand = $1 and shopper_no = $2 and id = $3 returning id`,
    [owner.brand, owner.shopperNo, idOf(id)],
  );
  return rows.length > 0;
}

/** Removes the checked lines; resolves to how many. */
export async function clearChecked(store: SiteQuery, owner: ListOwner): Promise<number> {
  const rows = await store.query(
    `delete from shopping_list_items
      where brand = $1 and shopper_no = $2 and checked returning id`,
    [owner.brand, owner.shopperNo],
  );
  return rows.length;
}

// --- Sharing -------------------------------------------------------------------------------------

/** A share token: 32 random bytes (256 bits), base64url. */
export function newShareToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** What is kept of a token: its SHA-256, hex. */
export function hashShareToken(token: string): string {
  return crypto.createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A token's shape: anything else is not looked up. */
export const SHARE_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Starts sharing the shopper's list under a new token (an older link stops working); resolves
 * to the token, which is never stored as such.
 */
export async function startSharing(store: SiteQuery, owner: ListOwner): Promise<string> {
  const token = newShareToken();
  await store.query(
    `insert into shopping_list_shares (brand, shopper_no, token_hash) values ($1, $2, $3)
       on conflict (brand, shopper_no)
       do update set token_hash = excluded.token_hash, created_at = now()`,
    [owner.brand, owner.shopperNo, hashShareToken(token)],
  );
  return token;
}

/** Stops sharing: the link gives 410 from then on. */
export async function stopSharing(store: SiteQuery, owner: ListOwner): Promise<void> {
  await store.query('delete from shopping_list_shares where brand = $1 and shopper_no = $2', [
    owner.brand,
    owner.shopperNo,
  ]);
}

/** Whether the shopper's list is shared now. */
export async function isShared(store: SiteQuery, owner: ListOwner): Promise<boolean> {
  const rows = await store.query(
    'select 1 from shopping_list_shares where brand = $1 and shopper_no = $2',
    [owner.brand, owner.shopperNo],
  );
  return rows.length > 0;
}

/**
 * The lines of the list a token shares on `brand`, or null when no list of the brand is
 * shared under it. The token is looked up by its hash (an index lookup of a value the caller
 * cannot choose), so how long the lookup takes tells nothing about stored tokens.
 */
export async function readSharedList(
  store: SiteQuery,
  brand: string,
  token: string,
): Promise<ListItem[] | null> {
  if (!SHARE_TOKEN.test(token)) return null;
  const rows = await store.query<{ shopper_no: string }>(
    'select shopper_no from shopping_list_shares where brand = $1 and token_hash = $2',
    [brand, hashShareToken(token)],
  );
  const owner = rows[0];
  if (!owner) return null;
  return readList(store, { brand, shopperNo: owner.shopper_no });
}
