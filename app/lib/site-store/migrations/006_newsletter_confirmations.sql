-- Newsletter sign-ups held until the shopper confirms them from the e-mail sent
-- (docs/reference/newsletter.md "Confirmation"). Only the SHA-256 of the link's token is kept,
-- so a copy of the table cannot confirm anything. The provider's fields (the address among
-- them) are kept as JSON until the sign-up is confirmed or expires; then they are deleted.
create table newsletter_confirmations (
  token_hash text primary key check (token_hash ~ '^[0-9a-f]{64}$'),
  brand text not null,
  variant text not null,
  fields jsonb not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);

create index newsletter_confirmations_expires on newsletter_confirmations (expires_at);
