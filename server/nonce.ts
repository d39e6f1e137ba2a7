import crypto from 'node:crypto';

/** Bytes of one CSP nonce (base64: 24 characters). */
export const NONCE_BYTES = 16;
/** Nonces drawn from one call to the system's generator. */
const NONCES_PER_FILL = 256;

/**
 * CSP nonces from the system's cryptographic generator, drawn 256 at a time: a
 * `crypto.randomBytes(16)` per request is a call into OpenSSL and a buffer each, a visible share
 * of a page's CPU under load (docs/decisions/0025-measured-costs-behind-small-choices.md). Every
 * byte is used once.
 */
export function createNonceSource(): () => string {
  const pool = Buffer.alloc(NONCE_BYTES * NONCES_PER_FILL);
  let next = pool.length;
  return () => {
    if (next >= pool.length) {
      crypto.randomFillSync(pool);
      next = 0;
    }
    const nonce = pool.toString('base64', next, next + NONCE_BYTES);
    next += NONCE_BYTES;
    return nonce;
  };
}
