-- Reminder e-mails (docs/reference/reminders.md).
--
-- reminder_shoppers: the shoppers who signed in on this site, with the address and first name to
-- write to and their two choices (null: the brand's default). Written at each login and when the
-- shopper changes their e-mail address or choices on /account.
create table reminder_shoppers (
  brand text not null,
  shopper_no text not null,
  email text not null,
  first_name text not null default '',
  coupons_expiring boolean,
  rewards_ready boolean,
  updated_at timestamptz not null default now(),
  primary key (brand, shopper_no)
);

-- reminder_sent: one row per reminder event (a coupon ending, a credit expiring, a tier reached),
-- so each is mailed once whichever process or retry runs the digest. The row is claimed before
-- the mail is sent (claimed_at), marked once it went (sent_at), and removed when sending fails; a
-- claim never marked after 10 minutes (its process died) may be taken again
-- (docs/decisions/0038-job-runner.md).
create table reminder_sent (
  brand text not null,
  shopper_no text not null,
  event_key text not null,
  claimed_at timestamptz not null default now(),
  sent_at timestamptz,
  primary key (brand, shopper_no, event_key)
);

create index reminder_sent_claimed on reminder_sent (claimed_at);
