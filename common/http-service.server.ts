/**
 * What the reference services (services/loyalty, services/adviewer, services/mailing-list) share
 * about being an HTTP server: listening with the same time limits, their address, closing with
 * their connections, and, run alone, stopping on SIGTERM / SIGINT.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ListeningService {
  /** `http://host:port` without a trailing slash. */
  url: string;
  port: number;
  /** Stops listening and ends every connection, idle or not. */
  close(): Promise<void>;
}

/** Serves `handler` on `port` (0: any free port) and `host` (default 127.0.0.1). */
export async function listenService(
  handler: (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void> | void,
  options: { port?: number; host?: string } = {},
): Promise<ListeningService> {
  const server = http.createServer((req, res) => void handler(req, res));
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.requestTimeout = 30_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}`,
    port: address.port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * A service run as its own process: on SIGTERM or SIGINT, close it and exit (0, or 1 when closing
 * failed; 0 after 5 s whatever happens).
 */
export function stopOnSignals(
  name: string,
  close: () => Promise<void>,
  log: { info(msg: string): void },
): void {
  const shutdown = (signal: string) => {
    log.info(`${signal}: ${name} shutting down`);
    close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}
