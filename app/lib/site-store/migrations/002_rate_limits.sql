-- Rate-limit counters shared by every web process when the site runs on PostgreSQL
-- (rate-limiter-flexible's RateLimiterPostgres layout; created here so that no two processes race
-- to create it at start-up). Unused with PGlite, where counters live in process memory.
create table rate_limits (
  key varchar(255) primary key,
  points integer not null default 0,
  -- Epoch milliseconds; null for a key that never expires.
  expire bigint
);

create index rate_limits_expire on rate_limits (expire);
