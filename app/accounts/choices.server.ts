/**
 * The choices the account forms offer (registration and the account page): the stores a shopper
 * may pick and the reward subscriptions, named as the brand names them.
 */
import type { AppLoadContext } from '@remix-run/node';
import { visibleLocations } from '~/stores/home-store/locations';
import { logger } from '@common/logger.server';
import type { RewardSubscription } from '~/lib/loyalty/types';
import type { Tenant } from '~/lib/tenant/schema';

export interface Choice {
  value: string;
  label: string;
}

/** Stores a shopper may pick: the visible locations not hidden from store selectors. */
export function storeChoices(context: AppLoadContext): Choice[] {
  return visibleLocations(context)
    .filter((l) => !l.hiddenInStoreSelector)
    .map((l) => ({ value: l.storeNumber, label: l.name }));
}

/**
 * A reward's name as the brand shows it: 'Fuel Rewards' may be relabelled
 * (`rewards.fuelRewardsLabel`).
 */
export function rewardLabel(tenant: Pick<Tenant, 'rewards'>, reward: RewardSubscription): string {
  const fuel = tenant.rewards.fuelRewardsLabel;
  return fuel && reward.rewardSubscriptionName === 'Fuel Rewards'
    ? fuel
    : reward.rewardSubscriptionName || `Reward ${reward.rewardSubscriptionId}`;
}

/**
 * The reward-choice options: only for a brand with reward choice and when the service names more
 * than one; a failure to load them only hides the choice (the rest of the page still shows), so it
 * answers [].
 */
export async function rewardChoices(context: AppLoadContext): Promise<Choice[]> {
  if (!context.tenant.rewards.rewardChoice) return [];
  try {
    const options = (await context.loyalty.getRewardSubscriptions())
      .filter((r) => /^\d{1,9}$/.test(r.rewardSubscriptionId))
      .map((r) => ({ value: r.rewardSubscriptionId, label: rewardLabel(context.tenant, r) }));
    return options.length > 1 ? options : [];
  } catch (error) {
    logger.warn({ err: error }, 'reward subscriptions unavailable');
    return [];
  }
}
