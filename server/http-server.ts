import type http from 'node:http';

/**
 * Limits of the Node HTTP server in front of every brand (every request is bounded in time and
 * size): a client that sends its headers or its request slowly (slowloris) loses the connection
 * instead of holding it; idle keep-alive connections stay a little longer than a load balancer's
 * usual 60 s, so the balancer, not the site, closes them. The header size stays Node's 16 KiB (set
 * only at start-up with --max-http-header-size); a longer header block is a 431 from Node.
 *
 * Node checks the two request timeouts every `connectionsCheckingInterval` (30 s by default),
 * so a stalled request is cut between the timeout and the timeout plus 30 s.
 */
export const SERVER_LIMITS = {
  /** The whole header block must arrive within this time. */
  headersTimeout: 20_000,
  /** The whole request, body included (a form is at most 64 KiB), within this time. */
  requestTimeout: 30_000,
  /** An idle keep-alive connection is kept this long. */
  keepAliveTimeout: 65_000,
  /** Header lines per request (Node's default is 2000; a browser sends about 20). */
  maxHeadersCount: 100,
} as const;

export function hardenServer(
  server: http.Server,
  limits: Partial<Record<keyof typeof SERVER_LIMITS, number>> = {},
): http.Server {
  const chosen = { ...SERVER_LIMITS, ...limits };
  server.headersTimeout = chosen.headersTimeout;
  server.requestTimeout = chosen.requestTimeout;
  server.keepAliveTimeout = chosen.keepAliveTimeout;
  server.maxHeadersCount = chosen.maxHeadersCount;
  return server;
}
