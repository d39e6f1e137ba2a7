/**
 * The calls of docs/loyalty-api.md (numbers in comments are the contract table's), one module per
 * resource of the API, each with its zod schemas and SQL; what they share is in shared.ts. Every
 * statement filters by app_id. Responses use PascalCase keys; Date values serialise as ISO
 * strings, plain dates are formatted in SQL as YYYY-MM-DD.
 */
import { denverDate, type Instant } from '../../../common/dates';
import type { Db } from '../../../common/db.server';
import type { Route } from '../http';
import { agreementRoutes } from './agreements';
import { authRoutes } from './auth';
import { charityRoutes } from './charities';
import { customerRoutes } from './customers';
import { offerRoutes } from './offers';
import { overviewRoutes } from './overview';
import { receiptRoutes } from './receipts';
import { rewardRoutes } from './rewards';
import type { RouteContext } from './shared';
import { subscriptionRoutes } from './subscriptions';

export interface RouteDeps {
  db: Db;
  jwtSecret: string;
  /**
   * The clock that decides "today" (a Denver calendar date: terms in effect, this year's savings,
   * the latest birthday); default the system clock. Offer and credit instants are compared with
   * the store's own `now()`.
   */
  now?: () => Instant;
}

/** The route table; the router tries a static segment before a parameter, whatever the order. */
export function createRoutes(deps: RouteDeps): Route[] {
  const now = deps.now ?? Date.now;
  const ctx: RouteContext = {
    db: deps.db,
    jwtSecret: deps.jwtSecret,
    today: () => denverDate(now()),
  };
  const subscriptions = subscriptionRoutes(ctx);
  const auth = authRoutes(ctx);
  const customers = customerRoutes(ctx);
  const offers = offerRoutes(ctx);
  const agreements = agreementRoutes(ctx);
  const receipts = receiptRoutes(ctx);
  const overview = overviewRoutes(ctx);
  const charities = charityRoutes(ctx);
  const rewards = rewardRoutes(ctx);
  return [
    subscriptions.emailSubscriptions, // 1
    auth.securityQuestions, // 2
    subscriptions.rewardSubscriptions, // 3
    customers.register, // 4
    auth.changePassword, // 7
    auth.passwordReset, // 8
    customers.update, // 5
    subscriptions.updateEmailSubscriptions, // 6
    auth.securityAnswer, // 9
    auth.login, // 10
    offers.available, // 11b
    offers.lists, // 11
    offers.activate, // 12
    customers.lookup, // 13
    agreements.current, // 19
    agreements.accept, // 20
    receipts.list, // 14
    overview.overview, // 15
    charities.all, // 16
    charities.shopper, // 17
    ...charities.enrolment, // 18
    rewards.pointsHistory, // 21
    rewards.points, // 22
    rewards.credits, // 23
    rewards.savings, // 24
    rewards.loyaltyInfo, // 25
  ];
}
