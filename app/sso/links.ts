/**
 * Where the pages of the flow live, with the request's `oauth` parameter when there is one (and
 * `extra` before it, e.g. `pane` and `address`). Apart from the server modules, so that the
 * pages build their own links the same way.
 */
export function ssoHref(path: string, oauth: string | null, extra: Record<string, string> = {}) {
  const query = new URLSearchParams({ ...extra, ...(oauth ? { oauth } : {}) }).toString();
  return query ? `${path}?${query}` : path;
}
