-- The shopping list (docs/decisions/0034-shopping-list.md, docs/reference/list.md).
--
-- shopping_list_items: one row per line of a signed-in shopper's list, per brand. `dedupe_key`
-- names what the line is (a coupon, a weekly ad item, or folded free text), so adding the same
-- thing again, or merging a guest's list, raises the quantity instead of adding a second line.
create table shopping_list_items (
  id bigserial primary key,
  brand text not null,
  shopper_no text not null,
  text text not null,
  quantity integer not null default 1 check (quantity between 1 and 99),
  checked boolean not null default false,
  -- The department the line is grouped under ('Other' when nothing gives one).
  category text not null default 'Other',
  -- 'text', 'coupon' or 'ad'.
  source text not null default 'text',
  -- The coupon's offerId and offer code (a coupon line links to the coupon), or the ad item's id.
  ref_id text,
  ref_code text,
  -- The coupon's offer, or the ad item's price line.
  detail text,
  dedupe_key text not null,
  created_at timestamptz not null default now(),
  unique (brand, shopper_no, dedupe_key)
);

create index shopping_list_items_owner on shopping_list_items (brand, shopper_no, id);

-- shopping_list_shares: the read-only link of a shopper's list, at most one per shopper and
-- brand. Only the SHA-256 of the link's token is kept; 'Stop sharing' deletes the row.
create table shopping_list_shares (
  brand text not null,
  shopper_no text not null,
  token_hash text not null unique,
  created_at timestamptz not null default now(),
  primary key (brand, shopper_no)
);
