import fs from 'node:fs';
import path from 'node:path';
import { logger } from '@common/logger.server';
import { describeTenantError, tenantSchema, type Tenant } from './schema';

export interface TenantLoadProblem {
  file: string;
  message: string;
}

export interface TenantLoadResult {
  tenants: Tenant[];
  problems: TenantLoadProblem[];
}

/** Parses one tenant file. Returns the tenant or a problem naming the file and failing field. */
export function parseTenantFile(
  file: string,
  text: string,
  port: number,
): { tenant: Tenant } | { problem: TenantLoadProblem } {
  const name = path.basename(file);
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return { problem: { file: name, message: `not valid JSON (${(error as Error).message})` } };
  }
  const parsed = tenantSchema.safeParse(raw);
  if (!parsed.success) {
    return { problem: { file: name, message: describeTenantError(parsed.error) } };
  }
  const config = parsed.data;
  if (path.basename(file, '.json') !== config.sitePath) {
    return {
      problem: {
        file: name,
        message: `sitePath: must match the file name ('${path.basename(file, '.json')}')`,
      },
    };
  }
  const origin =
    config.canonicalOrigin?.replace(/\/$/, '') ??
    `http://${config.hostnames[0]}${port === 80 ? '' : `:${port}`}`;
  return {
    tenant: { ...config, origin, title: config.siteTitle ?? config.retailerName, file: name },
  };
}

/** Reads every tenants/*.json. Invalid files and host-name clashes are reported, never fatal. */
export function loadTenants(dir: string, port: number): TenantLoadResult {
  const tenants: Tenant[] = [];
  const problems: TenantLoadProblem[] = [];
  let files: string[] = [];
  try {
    files = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.json') && f !== 'schema.json' && !f.startsWith('.'))
      .sort();
  } catch (error) {
    problems.push({ file: dir, message: `cannot read folder (${(error as Error).message})` });
  }
  const byHost = new Map<string, string>();
  for (const f of files) {
    const full = path.join(dir, f);
    let text: string;
    try {
      text = fs.readFileSync(full, 'utf8');
    } catch (error) {
      problems.push({ file: f, message: `cannot read (${(error as Error).message})` });
      continue;
    }
    const result = parseTenantFile(full, text, port);
    if ('problem' in result) {
      problems.push(result.problem);
      continue;
    }
    const clash = result.tenant.hostnames.find((h) => byHost.has(h));
    if (clash) {
      problems.push({
        file: f,
        message: `hostnames: '${clash}' is already served by ${byHost.get(clash)}`,
      });
      continue;
    }
    for (const h of result.tenant.hostnames) byHost.set(h, f);
    tenants.push(result.tenant);
  }
  return { tenants, problems };
}

/** Strips the port and a trailing dot, lower-cases. Returns null for an unusable Host header. */
export function hostnameOf(hostHeader: string | undefined | null): string | null {
  if (!hostHeader) return null;
  let host = hostHeader.trim().toLowerCase();
  if (host.startsWith('[')) return null; // IPv6 literals never name a brand
  const colon = host.indexOf(':');
  if (colon !== -1) host = host.slice(0, colon);
  if (host.endsWith('.')) host = host.slice(0, -1);
  return host || null;
}

/**
 * Holds the current tenants, keyed by host name, and reloads them when the folder changes
 * (file-system events plus a periodic rescan, so a new file serves within a few seconds even
 * where events are not delivered). A file that fails validation is logged and skipped; the last
 * good set of other brands keeps serving.
 */
export class TenantRegistry {
  private byHost = new Map<string, Tenant>();
  private bySitePath = new Map<string, Tenant>();
  private fingerprint = '';
  private reportedProblems = new Set<string>();
  private timer?: NodeJS.Timeout;
  private watcher?: fs.FSWatcher;
  private listeners = new Set<(tenants: Tenant[]) => void>();

  constructor(
    private readonly dir: string,
    private readonly port: number,
  ) {}

  start(rescanMs: number) {
    this.reload();
    try {
      this.watcher = fs.watch(this.dir, () => this.scheduleReload());
      this.watcher.on('error', () => undefined);
    } catch {
      // Folder events are an optimisation; the periodic rescan still finds new files.
    }
    this.timer = setInterval(() => this.reloadIfChanged(), rescanMs);
    this.timer.unref();
    return this;
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.watcher?.close();
  }

  onChange(listener: (tenants: Tenant[]) => void) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private pending?: NodeJS.Timeout;
  private scheduleReload() {
    if (this.pending) clearTimeout(this.pending);
    // Editors write files in several steps; wait for the burst to settle.
    this.pending = setTimeout(() => this.reloadIfChanged(), 150);
    this.pending.unref();
  }

  private computeFingerprint(): string {
    try {
      return fs
        .readdirSync(this.dir)
        .filter((f) => f.endsWith('.json'))
        .sort()
        .map((f) => {
          const st = fs.statSync(path.join(this.dir, f));
          return `${f}:${st.size}:${st.mtimeMs}`;
        })
        .join('|');
    } catch {
      return '';
    }
  }

  reloadIfChanged() {
    if (this.computeFingerprint() !== this.fingerprint) this.reload();
  }

  reload() {
    this.fingerprint = this.computeFingerprint();
    const { tenants, problems } = loadTenants(this.dir, this.port);
    const current = new Set<string>();
    for (const p of problems) {
      const key = `${p.file}|${p.message}`;
      current.add(key);
      if (!this.reportedProblems.has(key)) {
        logger.error({ file: p.file }, `tenant file ${p.file} refused: ${p.message}`);
      }
    }
    this.reportedProblems = current;
    // A refused file must not take down a brand that was serving: keep its last good version.
    const refused = new Set(problems.map((p) => p.file));
    const next = new Map<string, Tenant>();
    const nextSites = new Map<string, Tenant>();
    for (const t of tenants) {
      nextSites.set(t.sitePath, t);
    }
    for (const old of this.bySitePath.values()) {
      if (refused.has(old.file) && !nextSites.has(old.sitePath)) nextSites.set(old.sitePath, old);
    }
    for (const t of nextSites.values())
      for (const h of t.hostnames) if (!next.has(h)) next.set(h, t);
    const added = [...nextSites.keys()].filter((s) => !this.bySitePath.has(s));
    this.byHost = next;
    this.bySitePath = nextSites;
    if (added.length) logger.info({ tenants: added }, `serving brands: ${added.join(', ')}`);
    for (const l of this.listeners) l(this.all());
  }

  resolve(hostHeader: string | undefined | null): Tenant | null {
    const host = hostnameOf(hostHeader);
    return host ? (this.byHost.get(host) ?? null) : null;
  }

  get(sitePath: string): Tenant | null {
    return this.bySitePath.get(sitePath) ?? null;
  }

  all(): Tenant[] {
    return [...this.bySitePath.values()].sort((a, b) => a.sitePath.localeCompare(b.sitePath));
  }
}
