/** The shell's form posts (client-safe: no zod here, the header loads on every page). */
export const HOME_STORE_INTENTS = { choose: 'choose-home-store' } as const;
