/**
 * The mailing lists' storage: plain SQL on the `mailing` schema (migrations/). A list is created
 * by its first subscription; an address already on a list is reported, never overwritten.
 */
import type { Db } from '../../common/db.server';
import type { Subscription } from './rules';

export interface Member extends Subscription {
  list: string;
  createdAt: string;
}

/** Adds the address to the list (creating the list); `known` when it was already there. */
export function addMember(db: Db, list: string, s: Subscription): Promise<'added' | 'known'> {
  return db.transaction(async (tx) => {
    await tx.query('insert into lists (name) values ($1) on conflict do nothing', [list]);
    const added = await tx.query(
      `insert into members
         (list_name, email, first_name, last_name, phone, store, age_range, agreed)
       values ($1, $2, $3, $4, $5, $6, $7, $8)
       on conflict (list_name, email) do nothing
       returning email`,
      [list, s.email, s.firstName, s.lastName, s.phone, s.store, s.ageRange, s.agreed],
    );
    return added.length ? 'added' : 'known';
  });
}

/** Takes the address (any case) off the list; `unknown` when it was not on it. */
export async function removeMember(
  db: Db,
  list: string,
  email: string,
): Promise<'removed' | 'unknown'> {
  const rows = await db.query(
    'delete from members where list_name = $1 and email = $2 returning email',
    [list, email.toLowerCase()],
  );
  return rows.length ? 'removed' : 'unknown';
}

interface MemberRow {
  list_name: string;
  email: string;
  first_name: string;
  last_name: string;
  phone: string;
  store: string;
  age_range: string;
  agreed: boolean;
  created_at: Date | string;
}

/** The list's member with this address (any case), or null. */
export async function findMember(db: Db, list: string, email: string): Promise<Member | null> {
  const [row] = await db.query<MemberRow>(
    'select * from members where list_name = $1 and email = $2',
    [list, email.toLowerCase()],
  );
  if (!row) return null;
  return {
    list: row.list_name,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    phone: row.phone,
    store: row.store,
    ageRange: row.age_range,
    agreed: row.agreed,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** Every list with its number of members. */
export async function listCounts(db: Db): Promise<Record<string, number>> {
  const rows = await db.query<{ name: string; count: number }>(
    `select l.name, count(m.email)::int as count
       from lists l left join members m on m.list_name = l.name
      group by l.name order by l.name`,
  );
  return Object.fromEntries(rows.map((r) => [r.name, r.count]));
}
