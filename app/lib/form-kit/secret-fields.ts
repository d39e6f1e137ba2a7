/**
 * Fields holding passwords: leave them out of what goes back to the browser, e.g.
 * `submission.reply({ hideFields: SECRET_FIELDS })`, so a failed post never echoes a password
 * into the page.
 */
export const SECRET_FIELDS = ['password', 'confirmPassword', 'currentPassword', 'newPassword'];
