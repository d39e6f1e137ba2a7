/**
 * The rewards page's words. Each section that could not load says so in one short line, and the
 * rest of the page stays (docs/reference/rewards.md "Messages").
 */
export const REWARDS_MESSAGES = {
  pointsUnavailable: 'Your points could not be loaded right now. Please try again later.',
  creditsUnavailable: 'Your credits could not be loaded right now. Please try again later.',
  fuelUnavailable: 'Your fuel rewards could not be loaded right now.',
  offersUnavailable: 'Your offers could not be loaded right now. Please try again later.',
  couponsUnavailable: 'Instant Savings could not be loaded right now. Please try again later.',
  historyUnavailable: 'Your points history could not be loaded right now. Please try again later.',
  noOffers: 'You have no personal offers right now. Check back soon.',
  noCoupons: 'There are no Instant Savings right now. Check back soon.',
  noRows: 'Nothing to show yet.',
  couponGone: 'That coupon is no longer available.',
} as const;

/** Section titles (`noPoints` titles read 'Rewards Credits'). */
export const REWARDS_TITLES = {
  panel: 'Points and Credits',
  details: 'Points and Credit Details',
  creditsOnly: 'Rewards Credits',
  levelUp: 'Level Up with Rewards',
  instantSavings: 'Instant Savings',
  charityLink: 'Choose your charity',
} as const;
