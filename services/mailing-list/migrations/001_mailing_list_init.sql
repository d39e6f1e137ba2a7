-- Mailing-list reference service: initial schema (in the `mailing` schema; see index.ts).
-- A list is one brand's sign-up list or one of its variants (`lins`, `lins-ace`,
-- `lins-pharmacy`); it is created by the first subscription to it.

create table lists (
  name text primary key check (name ~ '^[a-z0-9-]{1,64}$'),
  created_at timestamptz not null default now()
);

-- One subscriber of one list. The e-mail address is kept lowercased: an address is known to a
-- list whatever its case.
create table members (
  list_name text not null references lists (name),
  email text not null check (email = lower(email) and length(email) <= 254),
  first_name text not null default '' check (length(first_name) <= 100),
  last_name text not null default '' check (length(last_name) <= 100),
  phone text not null default '' check (length(phone) <= 30),
  store text not null default '' check (length(store) <= 200),
  age_range text not null default '' check (length(age_range) <= 200),
  agreed boolean not null default false,
  created_at timestamptz not null default now(),
  primary key (list_name, email)
);
