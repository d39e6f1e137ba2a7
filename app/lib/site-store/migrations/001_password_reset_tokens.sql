-- Password-reset tokens (docs/reference/accounts.md "Reset password"). Only the SHA-256 of a token
-- is kept, so a copy of the table cannot be turned into working reset links. Times come from the
-- database clock (now()), which every web process shares.
create table password_reset_tokens (
  token_hash text primary key check (token_hash ~ '^[0-9a-f]{64}$'),
  app_id text not null,
  -- Lower-cased, trimmed.
  email text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);

create index password_reset_tokens_email on password_reset_tokens (app_id, email);
create index password_reset_tokens_expires on password_reset_tokens (expires_at);
