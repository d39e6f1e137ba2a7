/**
 * The provider's password check: the brand's loyalty API login (`POST /AppUsers/login?a={appId}`
 * with the API's Basic credential, docs/loyalty-api.md), over HTTP with undici and a deadline, so
 * the shoppers who sign in on the site sign in at partners with the same password.
 */
import { request } from 'undici';

export interface LoyaltyShopper {
  frqShopperNo: string;
  firstName: string | null;
}

/** The loyalty API refused the e-mail address (or phone) and password. */
export class LoyaltyRefused extends Error {}

/** The loyalty API did not answer usefully in time (down, slow, misconfigured). */
export class LoyaltyUnavailable extends Error {}

const MAX_REPLY_BYTES = 64 * 1024;

/** A .NET backend answers PascalCase keys (docs/loyalty-api.md); camelCase is accepted too. */
function field(value: unknown, name: string): unknown {
  if (!value || typeof value !== 'object') return undefined;
  const record = value as Record<string, unknown>;
  return record[name] ?? record[name[0].toLowerCase() + name.slice(1)];
}

/** Codes 10 (unknown e-mail or phone), 11 (wrong password) and 20 (validation) refuse the login. */
const REFUSING_CODES = new Set([10, 11, 20]);

export async function loyaltyLogin(
  loyaltyUrl: string,
  app: { appId: string; basic: string },
  credentials: { emailOrPhone: string; password: string },
  timeoutMs: number,
): Promise<LoyaltyShopper> {
  const url = new URL(`${loyaltyUrl.replace(/\/$/, '')}/AppUsers/login`);
  url.searchParams.set('a', app.appId);
  let status: number;
  let text: string;
  try {
    const res = await request(url, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(app.basic).toString('base64')}`,
        'content-type': 'application/json',
        accept: 'application/json',
      },
      body: JSON.stringify(credentials),
      signal: AbortSignal.timeout(timeoutMs),
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
    status = res.statusCode;
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of res.body as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_REPLY_BYTES) {
        res.body.destroy();
        throw new LoyaltyUnavailable('login reply too large');
      }
      chunks.push(chunk);
    }
    text = Buffer.concat(chunks).toString('utf8');
  } catch (error) {
    if (error instanceof LoyaltyUnavailable) throw error;
    throw new LoyaltyUnavailable(`login call failed: ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new LoyaltyUnavailable(`login answered ${status} without JSON`);
  }
  if (status === 200) {
    const login = field(json, 'AppUserLogin');
    const frqShopperNo = field(login, 'FrqShopperNo');
    const firstName = field(login, 'FirstName');
    // A 200 without the login section is how some backends say no (the site treats it so too).
    if (typeof frqShopperNo !== 'string' || !frqShopperNo) throw new LoyaltyRefused('no login');
    return { frqShopperNo, firstName: typeof firstName === 'string' ? firstName : null };
  }
  const code = field(json, 'Code');
  if (status >= 400 && status < 500 && typeof code === 'number' && REFUSING_CODES.has(code)) {
    throw new LoyaltyRefused(`code ${code}`);
  }
  // 401 code 401 is our own service credential refused: a configuration fault, not the shopper's.
  throw new LoyaltyUnavailable(
    `login answered ${status}${typeof code === 'number' ? ` code ${code}` : ''}`,
  );
}
