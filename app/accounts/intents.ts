/** The /login action's two forms, told apart by `intent` (no zod: the header dialog imports it). */
export const LOGIN_INTENTS = { login: 'login', resetRequest: 'reset-request' } as const;
