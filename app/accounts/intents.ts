/** The /login action's two forms, told apart by `intent` (no zod: the header dialog imports it). */
export const LOGIN_INTENTS = { login: 'login', resetRequest: 'reset-request' } as const;

/** The hidden field of the 'Log Out Everywhere' post to /logout (value '1'). */
export const EVERYWHERE_FIELD = 'everywhere';
