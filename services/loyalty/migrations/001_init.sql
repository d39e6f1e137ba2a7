-- Loyalty reference service: initial schema.
-- Every table is partitioned by app_id (one retailer's loyalty program) and every query filters by
-- it. Money is numeric(10,2); instants are timestamptz; calendar days are date.

create table apps (
  app_id text primary key,
  seeded_at timestamptz not null default now()
);

create table shoppers (
  app_id text not null references apps (app_id),
  frq_shopper_no text not null check (frq_shopper_no ~ '^[0-9]{12}$'),
  first_name text not null default '',
  last_name text not null default '',
  phone text check (phone ~ '^[0-9]{10}$'),
  secondary_phone text not null default '',
  email text,
  birthday date,
  address1 text not null default '',
  address2 text not null default '',
  city text not null default '',
  state text not null default '',
  zip_code text not null default '',
  organization text not null default '',
  opt_out_data_sharing boolean not null default false,
  my_store text not null default '0',
  password_hash text,
  security_question_id integer,
  security_answer_hash text,
  terms_version_accepted integer,
  fuel_cents_per_gallon integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (app_id, frq_shopper_no)
);
create unique index shoppers_email_key on shoppers (app_id, lower(email)) where email is not null;
create unique index shoppers_phone_key on shoppers (app_id, phone) where phone is not null;

create table reward_subscription_types (
  app_id text not null references apps (app_id),
  reward_subscription_id integer not null,
  name text not null,
  primary key (app_id, reward_subscription_id)
);

create table shopper_reward_subscriptions (
  app_id text not null,
  frq_shopper_no text not null,
  reward_subscription_id integer not null,
  primary key (app_id, frq_shopper_no, reward_subscription_id),
  foreign key (app_id, frq_shopper_no) references shoppers (app_id, frq_shopper_no) on delete cascade,
  foreign key (app_id, reward_subscription_id)
    references reward_subscription_types (app_id, reward_subscription_id)
);

create table email_subscription_types (
  app_id text not null references apps (app_id),
  email_subscription_id integer not null,
  name text not null,
  primary key (app_id, email_subscription_id)
);

create table shopper_email_subscriptions (
  app_id text not null,
  frq_shopper_no text not null,
  email_subscription_id integer not null,
  opt_out_email boolean not null,
  primary key (app_id, frq_shopper_no, email_subscription_id),
  foreign key (app_id, frq_shopper_no) references shoppers (app_id, frq_shopper_no) on delete cascade,
  foreign key (app_id, email_subscription_id)
    references email_subscription_types (app_id, email_subscription_id)
);

create table security_questions (
  app_id text not null references apps (app_id),
  question_id integer not null,
  question text not null,
  primary key (app_id, question_id)
);

create table offers (
  app_id text not null references apps (app_id),
  offer_id integer not null,
  offer_code text not null,
  brand_name text not null,
  category_name text not null,
  summary text not null,
  description text not null,
  disclaimer text not null,
  image1 text not null,
  active_date timestamptz not null,
  expiry_date timestamptz not null,
  offer_value numeric(10, 2) not null,
  is_promoted boolean not null default false,
  redemption_limit integer not null default 1,
  primary key (app_id, offer_id)
);
create index offers_expiry on offers (app_id, expiry_date);

-- One row per clipped coupon: the primary key is what keeps a coupon from being clipped twice.
create table clipped_offers (
  app_id text not null,
  frq_shopper_no text not null,
  offer_id integer not null,
  clipped_at timestamptz not null default now(),
  primary key (app_id, frq_shopper_no, offer_id),
  foreign key (app_id, frq_shopper_no) references shoppers (app_id, frq_shopper_no) on delete cascade,
  foreign key (app_id, offer_id) references offers (app_id, offer_id)
);

create table redeemed_offers (
  app_id text not null,
  frq_shopper_no text not null,
  offer_id integer not null,
  times_redeemed integer not null check (times_redeemed > 0),
  last_redeemed timestamptz not null,
  primary key (app_id, frq_shopper_no, offer_id),
  foreign key (app_id, frq_shopper_no) references shoppers (app_id, frq_shopper_no) on delete cascade,
  foreign key (app_id, offer_id) references offers (app_id, offer_id)
);

create table receipts (
  app_id text not null,
  frq_shopper_no text not null,
  transaction_number text not null,
  transaction_date timestamptz not null,
  receipt_text text not null,
  primary key (app_id, transaction_number),
  foreign key (app_id, frq_shopper_no) references shoppers (app_id, frq_shopper_no) on delete cascade
);
create index receipts_shopper on receipts (app_id, frq_shopper_no, transaction_date desc);

create table points_history (
  app_id text not null,
  frq_shopper_no text not null,
  entry_id serial,
  description text not null,
  adjustment_date timestamptz not null,
  adjustment_value integer not null,
  primary key (app_id, entry_id),
  foreign key (app_id, frq_shopper_no) references shoppers (app_id, frq_shopper_no) on delete cascade
);
create index points_history_shopper on points_history (app_id, frq_shopper_no, adjustment_date desc);

create table credits (
  app_id text not null,
  frq_shopper_no text not null,
  credit_id serial,
  description text not null,
  issued_at timestamptz not null,
  expires_at timestamptz not null,
  issued_balance numeric(10, 2) not null,
  balance numeric(10, 2) not null check (balance >= 0),
  primary key (app_id, credit_id),
  foreign key (app_id, frq_shopper_no) references shoppers (app_id, frq_shopper_no) on delete cascade
);
create index credits_shopper on credits (app_id, frq_shopper_no);

create table savings_records (
  app_id text not null,
  frq_shopper_no text not null,
  month date not null check (extract(day from month) = 1),
  adjustment_value numeric(10, 2) not null default 0,
  digital_coupons_offer_value numeric(10, 2) not null default 0,
  instant_offer_savings numeric(10, 2) not null default 0,
  loyalty_offer_savings numeric(10, 2) not null default 0,
  targeted_offer_savings numeric(10, 2) not null default 0,
  primary key (app_id, frq_shopper_no, month),
  foreign key (app_id, frq_shopper_no) references shoppers (app_id, frq_shopper_no) on delete cascade
);

create table charities (
  app_id text not null references apps (app_id),
  charity_id integer not null,
  charity_description text not null,
  notes text not null,
  zip_code text not null,
  primary key (app_id, charity_id)
);

-- At most one record per shopper: enrolling replaces it, disenrolling keeps it with is_enrolled false.
create table shopper_charities (
  app_id text not null,
  frq_shopper_no text not null,
  charity_id integer not null,
  is_enrolled boolean not null,
  updated_at timestamptz not null default now(),
  primary key (app_id, frq_shopper_no),
  foreign key (app_id, frq_shopper_no) references shoppers (app_id, frq_shopper_no) on delete cascade,
  foreign key (app_id, charity_id) references charities (app_id, charity_id)
);

create table terms_versions (
  app_id text not null references apps (app_id),
  version integer not null,
  effective_date date not null,
  title text not null,
  primary key (app_id, version)
);

create table loyalty_offers (
  app_id text not null references apps (app_id),
  offer_code text not null,
  description text not null,
  notes text not null,
  image_url text not null,
  end_date date not null,
  qualifier_level text not null check (qualifier_level in ('Accumulated', 'Transactional')),
  redemption_limit integer not null,
  primary key (app_id, offer_code)
);

create table loyalty_offer_progress (
  app_id text not null,
  frq_shopper_no text not null,
  offer_code text not null,
  progress numeric(7, 2) not null default 0,
  participation_amount numeric(10, 2),
  primary key (app_id, frq_shopper_no, offer_code),
  foreign key (app_id, frq_shopper_no) references shoppers (app_id, frq_shopper_no) on delete cascade,
  foreign key (app_id, offer_code) references loyalty_offers (app_id, offer_code)
);

create table premiums (
  app_id text not null references apps (app_id),
  premium text not null,
  description text not null,
  notes text not null,
  image_url text not null,
  end_date date not null,
  redemption_limit integer not null,
  primary key (app_id, premium)
);
