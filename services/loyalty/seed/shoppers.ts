/**
 * The demo shoppers (DEMO_SHOPPERS, with their passwords and home stores) and the unregistered
 * record (Dana Walker: a phone, no e-mail, no password), with their subscriptions and charities.
 * Each registered shopper gets a plan: how many receipts, coupons and points the rest of the seed
 * gives them.
 */
import { DEMO_SHOPPERS, DEMO_UNREGISTERED_PHONE } from '../credentials';
import { EMAIL_SUBSCRIPTIONS } from '../seed-data';
import { placeOfZip } from '../zip';
import type { SeedContext } from './rows';
import type { StoreInfo } from './stores';

export interface ShopperPlan {
  frq: string;
  store: StoreInfo | null;
  receipts: number;
  clips: number;
  redeems: number;
  targetPoints: number;
  fuelCents: number;
  /** Loyalty offer code → progress in percent. */
  progress: Record<string, number>;
}

export interface SeededShoppers {
  /** Ava, Ben and Cara, in DEMO_SHOPPERS order. */
  plans: ShopperPlan[];
  unregisteredFrq: string;
}

export interface ShopperSecrets {
  /** The password hashes of DEMO_SHOPPERS, in order. */
  hashes: string[];
  /** The hashed answer of Ava's security question. */
  answer1: string;
}

/** Seeds the shoppers; points totals sit around `tiers` (sorted, at least one). */
export async function seedShoppers(
  { rnd, clock: c, stores, insert }: SeedContext,
  tiers: number[],
  { hashes, answer1 }: ShopperSecrets,
  charityCount: number,
): Promise<SeededShoppers> {
  const firstTier = tiers[0];
  const topTier = tiers[tiers.length - 1];
  const usedNumbers = new Set<string>();
  const newNumber = () => {
    for (;;) {
      const n = `${rnd.int(1, 9)}${String(rnd.int(0, 99_999_999_999)).padStart(11, '0')}`;
      if (!usedNumbers.has(n)) {
        usedNumbers.add(n);
        return n;
      }
    }
  };
  const homeStore = (i: number) => (stores.length ? stores[i % stores.length] : null);
  const plans: ShopperPlan[] = [
    {
      frq: newNumber(),
      store: homeStore(0),
      receipts: 22,
      clips: 12,
      redeems: 6,
      targetPoints: firstTier > 60 ? firstTier - 37 : Math.floor(firstTier * 0.8),
      fuelCents: 10,
      progress: { '0509': 42, '0500': 31, '0412': 60, '0415': 25, '0421': 100, '0703': 50 },
    },
    {
      frq: newNumber(),
      store: homeStore(1),
      receipts: 26,
      clips: 24,
      redeems: 14,
      targetPoints: tiers.length > 1 ? Math.floor((tiers[0] + tiers[1]) / 2) + 13 : firstTier + 120,
      fuelCents: 20,
      progress: { '0509': 87, '0500': 64, '0412': 100, '0415': 75, '0430': 80, '0701': 100 },
    },
    {
      frq: newNumber(),
      store: homeStore(2),
      receipts: 32,
      clips: 45,
      redeems: 30,
      targetPoints: topTier + 215,
      fuelCents: 30,
      progress: {
        '0509': 126,
        '0500': 104,
        '0412': 90,
        '0415': 112.5,
        '0421': 50,
        '0701': 100,
        '0702': 100,
        '0704': 40,
      },
    },
  ];
  const unregisteredFrq = newNumber();

  const shopperColumns = [
    'frq_shopper_no',
    'first_name',
    'last_name',
    'phone',
    'secondary_phone',
    'email',
    'birthday',
    'address1',
    'address2',
    'city',
    'state',
    'zip_code',
    'organization',
    'my_store',
    'password_hash',
    'security_question_id',
    'security_answer_hash',
    'terms_version_accepted',
    'fuel_cents_per_gallon',
    'created_at',
  ];
  const birthdays = ['1988-04-12', '1975-09-30', '1993-12-02'];
  const streets = ['W Center St', 'E 200 N', 'S Canyon Rd', 'N Cottonwood Dr'];
  const shopperRows = DEMO_SHOPPERS.map((s, i) => {
    const plan = plans[i];
    const zip = plan.store?.zip ?? '84720';
    const place = placeOfZip(zip);
    return [
      plan.frq,
      s.firstName,
      s.lastName,
      s.phone,
      i === 1 ? '4355550152' : '',
      s.email,
      birthdays[i],
      `${rnd.int(100, 2999)} ${streets[i]}`,
      i === 2 ? 'Apt 4' : '',
      place?.city ?? '',
      place?.state ?? '',
      zip,
      i === 1 ? 'Parent Teacher Association' : '',
      plan.store?.storeNumber ?? '0',
      hashes[i],
      i === 0 ? 1 : null,
      i === 0 ? answer1 : null,
      i === 0 ? 2 : i === 1 ? 1 : null,
      plan.fuelCents,
      c.at(-rnd.int(400, 900)),
    ];
  });
  shopperRows.push([
    unregisteredFrq,
    'Dana',
    'Walker',
    DEMO_UNREGISTERED_PHONE,
    '',
    null,
    null,
    '',
    '',
    '',
    '',
    '',
    '',
    '0',
    null,
    null,
    null,
    null,
    0,
    c.at(-200),
  ]);
  await insert('shoppers', shopperColumns, shopperRows);
  await insert(
    'shopper_reward_subscriptions',
    ['frq_shopper_no', 'reward_subscription_id'],
    [
      [plans[0].frq, 1],
      [plans[0].frq, 2],
      [plans[1].frq, 1],
      [plans[1].frq, 3],
      [plans[2].frq, 1],
      [plans[2].frq, 2],
    ],
  );
  await insert(
    'shopper_email_subscriptions',
    ['frq_shopper_no', 'email_subscription_id', 'opt_out_email'],
    plans.flatMap((plan, i) =>
      EMAIL_SUBSCRIPTIONS.map((_, j) => [
        plan.frq,
        j + 1,
        (i === 1 && j === 1) || (i === 2 && j !== 1),
      ]),
    ),
  );
  await insert(
    'shopper_charities',
    ['frq_shopper_no', 'charity_id', 'is_enrolled'],
    [
      [plans[0].frq, 1001 + rnd.int(0, charityCount - 1), true],
      [plans[2].frq, 1001 + rnd.int(0, charityCount - 1), true],
    ],
  );
  return { plans, unregisteredFrq };
}
