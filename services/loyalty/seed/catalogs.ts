/**
 * The app's catalogs: subscription types, security questions, terms versions, charities and
 * schools, loyalty offers and premiums. No randomness: nothing here draws from the PRNG.
 */
import {
  CHARITY_GROUPS,
  EMAIL_SUBSCRIPTIONS,
  LOYALTY_OFFERS,
  PREMIUMS,
  REWARD_SUBSCRIPTIONS,
  SECURITY_QUESTIONS,
} from '../seed-data';
import type { SeedContext } from './rows';

/** Seeds the catalogs; resolves to the number of charities (ids 1001…). */
export async function seedCatalogs(ctx: SeedContext): Promise<number> {
  const { clock: c, retailer, stores, fallbackStore, insert } = ctx;
  await insert(
    'reward_subscription_types',
    ['reward_subscription_id', 'name'],
    [...REWARD_SUBSCRIPTIONS],
  );
  await insert(
    'email_subscription_types',
    ['email_subscription_id', 'name'],
    EMAIL_SUBSCRIPTIONS.map((name, i) => [i + 1, name]),
  );
  await insert(
    'security_questions',
    ['question_id', 'question'],
    SECURITY_QUESTIONS.map((q, i) => [i + 1, q]),
  );
  await insert(
    'terms_versions',
    ['version', 'effective_date', 'title'],
    [
      [1, c.date(-400), `${retailer} Rewards Terms and Conditions`],
      [2, c.date(-30), `${retailer} Rewards Terms and Conditions (updated)`],
    ],
  );
  const charityZips = stores.length ? stores.map((s) => s.zip) : [fallbackStore.zip];
  let charityId = 1000;
  const charityRows: unknown[][] = [];
  for (const group of CHARITY_GROUPS) {
    for (const name of group.names) {
      charityId += 1;
      charityRows.push([charityId, group.group, name, charityZips[charityId % charityZips.length]]);
    }
  }
  await insert(
    'charities',
    ['charity_id', 'charity_description', 'notes', 'zip_code'],
    charityRows,
  );
  await insert(
    'loyalty_offers',
    [
      'offer_code',
      'description',
      'notes',
      'image_url',
      'end_date',
      'qualifier_level',
      'redemption_limit',
    ],
    LOYALTY_OFFERS.map((o) => [
      o.code,
      o.description,
      o.notes,
      `/images/coupons/${o.slug}.svg`,
      c.date(o.endInDays),
      o.level,
      o.limit,
    ]),
  );
  await insert(
    'premiums',
    ['premium', 'description', 'notes', 'image_url', 'end_date', 'redemption_limit'],
    PREMIUMS.map((p) => [
      p.premium,
      p.description,
      p.notes,
      `/images/coupons/${p.slug}.svg`,
      c.date(p.endInDays),
      p.limit,
    ]),
  );
  return charityRows.length;
}
