/** What the account pages render (client-safe: the components import these). */

/** What the page shows of the loyalty record: display-ready strings, never tokens or ids. */
export interface AccountView {
  firstName: string;
  lastName: string;
  /** Masked '(801) 555-1234', or '' when none. */
  phone: string;
  secondaryPhone: string;
  email: string;
  /** YYYY-MM-DD or ''. */
  birthday: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  zip: string;
  organization: string;
  /** The saved store when it is one of the selector's stores, else ''. */
  myStore: string;
  /** The chosen reward subscription id, '' when none. */
  rewardSubscriptionId: string;
  /** False for an upgraded record that never set a password (no current password asked). */
  hasPassword: boolean;
}
