import type { AppLoadContext } from '@remix-run/node';
import { denverDate } from '@common/dates';
import { logger } from '@common/logger.server';
import { savingsKinds, savingsTable, type SavingsTable } from './savings';

/**
 * The year-to-date savings section's data (docs/reference/rewards.md "Savings") for any page
 * that shows it (/account, /rewards): the signed-in shopper's table, with the brand's hidden
 * columns left out. Never throws: null when there is no shopper or the savings call fails, so
 * the page hides only this section (with a short message) and keeps the rest. Start it beside
 * the page's other calls, so they run in parallel.
 */
export async function savingsSection(context: AppLoadContext): Promise<SavingsTable | null> {
  const { shopper } = context;
  if (!shopper) return null;
  try {
    const records = await context.loyalty.getSavings(shopper.frqShopperNo);
    return savingsTable(records, savingsKinds(context.tenant), denverDate());
  } catch (error) {
    logger.warn({ err: error }, 'savings section: savings unavailable');
    return null;
  }
}
