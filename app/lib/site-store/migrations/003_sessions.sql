-- Shopper sessions (docs/decisions/0012-server-side-sessions.md): the browser's cookie holds only
-- the signed id of a record here, which holds the session's data (home store, one-time notice, the
-- signed-in shopper and their loyalty tokens). A record belongs to one brand and is never read on
-- another; deleting it ends the session at once in every web process (logout, password change or
-- reset).
create table sessions (
  -- 32 random bytes, base64url.
  id text primary key check (id ~ '^[A-Za-z0-9_-]{43}$'),
  -- The brand's site path (tenant sitePath).
  brand text not null,
  -- The signed-in shopper's number, to end their sessions; null for a guest.
  shopper_no text,
  data jsonb not null,
  expires_at timestamptz not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index sessions_shopper on sessions (brand, shopper_no);
create index sessions_expires on sessions (expires_at);
