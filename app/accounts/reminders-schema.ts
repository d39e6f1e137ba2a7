import { z } from 'zod';

/** The 'E-mail reminders' card of /account posts this intent (beside the rows' own). */
export const REMINDERS_INTENT = 'reminders';
export const REMINDERS_SAVED_MESSAGE = 'Your e-mail reminder choices are saved.';

/** Two checkboxes: an unticked one is not posted, and means 'off'. */
export const remindersSchema = z.object({
  intent: z.literal(REMINDERS_INTENT),
  couponsExpiring: z.boolean().optional(),
  rewardsReady: z.boolean().optional(),
});
