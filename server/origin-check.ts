/**
 * CSRF guard for every state-changing request: the Origin header (or, when a browser sends none,
 * the Referer) must be the brand's own origin, scheme included: the canonical one, or the one the
 * request came to (its scheme as Express reads it, through trusted proxies only, and its Host).
 * A page served over http (a captive portal, a downgraded link) cannot post to the https site.
 */
export function isAllowedOrigin(opts: {
  method: string;
  origin: string | undefined;
  referer: string | undefined;
  host: string | undefined;
  /** The request's scheme: Express's `req.protocol` ('http' or 'https'). */
  protocol: string;
  canonicalOrigin: string;
}): boolean {
  const method = opts.method.toUpperCase();
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return true;
  let source = opts.origin && opts.origin !== 'null' ? opts.origin : undefined;
  if (!source && opts.referer) {
    try {
      source = new URL(opts.referer).origin;
    } catch {
      return false;
    }
  }
  if (!source) return false;
  let parsed: URL;
  try {
    parsed = new URL(source);
  } catch {
    return false;
  }
  if (parsed.origin === new URL(opts.canonicalOrigin).origin) return true;
  const own = requestOrigin(opts.protocol, opts.host);
  return own !== null && parsed.origin === own;
}

/** `scheme://host[:port]` of the request, normalised like an Origin; null when malformed. */
function requestOrigin(protocol: string, host: string | undefined): string | null {
  if (!host || (protocol !== 'http' && protocol !== 'https')) return null;
  // host[:port] only: a Host with user info or a path is no origin.
  if (!/^(?:[\w.-]+|\[[\da-f:.]+\])(?::\d{1,5})?$/i.test(host)) return null;
  try {
    return new URL(`${protocol}://${host}`).origin;
  } catch {
    return null;
  }
}
