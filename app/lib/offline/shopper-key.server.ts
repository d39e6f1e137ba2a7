import crypto from 'node:crypto';

/**
 * The opaque key that names a signed-in shopper to the service worker (the X-Shopper-Key header):
 * the same for one shopper of one brand across sign-ins and processes, different between
 * shoppers, and not the card number nor anything it can be worked back to without the site's
 * secret (a keyed hash).
 */
export function shopperKey(secret: string, sitePath: string, shopperNo: string): string {
  return crypto
    .createHmac('sha256', secret)
    .update(`offline-copy\n${sitePath}\n${shopperNo}`)
    .digest('base64url')
    .slice(0, 22);
}
