/**
 * CSRF guard for every state-changing request: the Origin header (or, when a browser sends none,
 * the Referer) must be the brand's own origin: the canonical one or the host the request came to.
 */
export function isAllowedOrigin(opts: {
  method: string;
  origin: string | undefined;
  referer: string | undefined;
  host: string | undefined;
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
  return !!opts.host && parsed.host.toLowerCase() === opts.host.toLowerCase();
}
