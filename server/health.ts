import type { NextFunction, Request, Response } from 'express';
import { mayReadInternals, type MetricsOptions } from './metrics';

/**
 * `GET /healthz`: whether the site can serve, for a load balancer or a process manager, and what
 * the process holds, for its operator.
 *
 * Everyone gets the state only: `{"status":"ok"}`, or `{"status":"degraded"}` while an outside
 * service cannot be reached (still 200: the site serves, the pages that need that service say
 * so). The details (uptime, brands, page-cache counts, the stores, the reference services'
 * addresses and their state) go only to those who may read /metrics (metrics.ts): a loopback
 * client using a host name none of the brands use (`curl http://127.0.0.1:3000/healthz`), or a
 * request with `Authorization: Bearer <METRICS_TOKEN>`. A brand's host or a client elsewhere
 * never sees internal addresses or counts. Mount it before the brand is resolved.
 */
export type HealthFacts = Record<string, unknown> & { degraded?: string[] };

export interface HealthOptions extends MetricsOptions {
  /** Everything the operator sees; `degraded` names the outside services that cannot be reached. */
  facts: () => Promise<HealthFacts> | HealthFacts;
}

export function healthEndpoint(opts: HealthOptions) {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const facts = await opts.facts();
      const degraded = facts.degraded ?? [];
      const status = degraded.length ? 'degraded' : 'ok';
      res.set('Cache-Control', 'no-store');
      if (!mayReadInternals(req, opts)) return void res.json({ status });
      res.json({
        status,
        uptimeSeconds: Math.round(process.uptime()),
        ...facts,
        degraded,
      });
    } catch (error) {
      next(error);
    }
  };
}
