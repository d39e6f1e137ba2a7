// A loyalty vendor as a retailer's is: the reference loyalty service behind a proxy that adds a
// latency with jitter to every call and fails a share of them with 503 (never forwarded). The bench
// (`BENCH_LOYALTY_LATENCY`, `BENCH_LOYALTY_JITTER`, `BENCH_LOYALTY_ERRORS`) puts the site behind it;
// it listens on loopback only.
import http from 'node:http';

export interface VendorProxyOptions {
  /** The reference loyalty service's origin, e.g. http://127.0.0.1:4302. */
  target: string;
  port: number;
  /** Added to every call, in ms. */
  latencyMs: number;
  /** The latency varies evenly within ± this, in ms. */
  jitterMs: number;
  /** Share of calls answered 503 after the delay, without reaching the service (0…1). */
  errorRate: number;
  /** The draws' seed, so two runs delay and fail the same calls. */
  seed?: number;
}

export interface VendorProxy {
  url: string;
  /** Calls answered so far: forwarded, and failed on purpose. */
  counts: () => { forwarded: number; failed: number };
  /** Down: every call is answered 503 at once, as a stopped vendor's gateway would; up again. */
  setDown: (down: boolean) => void;
  close: () => Promise<void>;
}

/** mulberry32: a small seeded generator, uniform in [0, 1). */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The delay of one call: latency ± jitter, never below 0. */
export function drawDelay(random: () => number, latencyMs: number, jitterMs: number): number {
  return Math.max(0, latencyMs + (random() * 2 - 1) * jitterMs);
}

export function startVendorProxy(options: VendorProxyOptions): Promise<VendorProxy> {
  const target = new URL(options.target);
  const random = seeded(options.seed ?? 1);
  let forwarded = 0;
  let failed = 0;
  let down = false;
  const server = http.createServer((req, res) => {
    const delay = down ? 0 : drawDelay(random, options.latencyMs, options.jitterMs);
    const fail = down || random() < options.errorRate;
    setTimeout(() => {
      if (fail) {
        failed += 1;
        req.resume();
        res.writeHead(503, { 'content-type': 'application/json', connection: 'close' });
        res.end(JSON.stringify({ message: 'Service unavailable (vendor proxy)' }));
        return;
      }
      forwarded += 1;
      const upstream = http.request(
        {
          host: target.hostname,
          port: target.port,
          method: req.method,
          path: req.url,
          headers: { ...req.headers, host: target.host },
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => {
        if (!res.headersSent) res.writeHead(502);
        res.end();
      });
      req.pipe(upstream);
    }, delay);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${options.port}`,
        counts: () => ({ forwarded, failed }),
        setDown: (value) => {
          down = value;
        },
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      }),
    );
  });
}
