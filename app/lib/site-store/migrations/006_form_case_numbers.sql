-- Case numbers of content-form posts that the shopper gets an acknowledgement of
-- (docs/reference/forms.md "Acknowledgement"). A case number is random, never a count, so one
-- number tells nothing about another; only the brand, the form and the time are kept with it.
create table form_cases (
  case_number text primary key check (case_number ~ '^[0-9A-Z]{3}-[0-9A-Z]{3}-[0-9A-Z]{3}$'),
  brand text not null,
  form_slug text not null,
  created_at timestamptz not null default now()
);

create index form_cases_created on form_cases (created_at);
