-- The shopper read cache (docs/decisions/0032-shopper-read-cache.md).
--
-- shopper_versions: one counter per shopper and brand, raised by every change the site makes to
-- the shopper's loyalty data (a clip, a charity, the account, terms, home store) and at logout.
-- The session read joins it, so every web process keys its cached loyalty answers by the version
-- the request saw: a change made through one process is seen by the next request on any other.
create table shopper_versions (
  brand text not null,
  shopper_no text not null,
  version bigint not null default 0,
  updated_at timestamptz not null default now(),
  primary key (brand, shopper_no)
);

-- shopper_snapshots: the shopper's last answers of the loyalty service for the pages' main reads
-- (points, offers, clipped coupons, receipts, savings), kept up to 24 hours and shown, with their
-- time, while the service is down. Deleted when every session of the shopper ends (a password
-- change or reset).
create table shopper_snapshots (
  brand text not null,
  shopper_no text not null,
  -- Which read: 'offers', 'loyaltyinfo', 'receipts:10:150' …
  read text not null,
  data jsonb not null,
  fetched_at timestamptz not null,
  primary key (brand, shopper_no, read)
);

create index shopper_snapshots_fetched on shopper_snapshots (fetched_at);
