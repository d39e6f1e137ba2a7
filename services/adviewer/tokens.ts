/**
 * The viewer's auth tokens: `<payload>.<signature>`, base64url, where the payload names the page
 * and an expiry and the signature is an HMAC-SHA256 with a secret drawn per service start. Opaque
 * to clients (the site only passes it back); a restart invalidates every token, as a provider's
 * key rotation would.
 */
import crypto from 'node:crypto';

export const TOKEN_LIFETIME_MS = 60 * 60 * 1000;
const MAX_TOKEN_LENGTH = 512;

export interface TokenIssuer {
  issue(page: string, now: Date): string;
  /** True when the token was issued here, for this page, and has not expired at `now`. */
  verify(token: string, page: string, now: Date): boolean;
}

export function createTokenIssuer(secret: Buffer = crypto.randomBytes(32)): TokenIssuer {
  const sign = (payload: string) =>
    crypto.createHmac('sha256', secret).update(payload).digest('base64url');
  return {
    issue(page, now) {
      const payload = Buffer.from(
        JSON.stringify({ page, exp: now.getTime() + TOKEN_LIFETIME_MS }),
      ).toString('base64url');
      return `${payload}.${sign(payload)}`;
    },
    verify(token, page, now) {
      if (token.length > MAX_TOKEN_LENGTH) return false;
      const [payload, signature, extra] = token.split('.');
      if (!payload || !signature || extra !== undefined) return false;
      const expected = Buffer.from(sign(payload));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) {
        return false;
      }
      try {
        const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
          page?: unknown;
          exp?: unknown;
        };
        return claims.page === page && typeof claims.exp === 'number' && claims.exp > now.getTime();
      } catch {
        return false;
      }
    },
  };
}
