/**
 * The shopper JWTs returned at login: HS256, subject = frqShopperNo, claim appId, one hour. The
 * frequent-shopper token and the OAuth customer token differ by audience.
 */
import { jwtVerify, SignJWT, type JWTPayload } from 'jose';

export const JWT_ISSUER = 'loyalty-reference-service';
export const FREQUENT_SHOPPER_AUDIENCE = 'frequent-shopper';
export const CUSTOMER_TOKEN_AUDIENCE = 'oauth-customer';
const LIFETIME = '1h';

const keyOf = (secret: string) => new TextEncoder().encode(secret);

async function sign(secret: string, audience: string, appId: string, frqShopperNo: string) {
  return new SignJWT({ appId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(frqShopperNo)
    .setIssuer(JWT_ISSUER)
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime(LIFETIME)
    .sign(keyOf(secret));
}

export async function issueShopperTokens(secret: string, appId: string, frqShopperNo: string) {
  const [frequentShopperJwt, customerToken] = await Promise.all([
    sign(secret, FREQUENT_SHOPPER_AUDIENCE, appId, frqShopperNo),
    sign(secret, CUSTOMER_TOKEN_AUDIENCE, appId, frqShopperNo),
  ]);
  return { frequentShopperJwt, customerToken };
}

/** Verifies a token issued above (for a resource server, or tests); throws when invalid. */
export async function verifyShopperToken(
  secret: string,
  token: string,
  audience: string = FREQUENT_SHOPPER_AUDIENCE,
): Promise<JWTPayload & { sub: string; appId: string }> {
  const { payload } = await jwtVerify(token, keyOf(secret), {
    issuer: JWT_ISSUER,
    audience,
    algorithms: ['HS256'],
  });
  return payload as JWTPayload & { sub: string; appId: string };
}
