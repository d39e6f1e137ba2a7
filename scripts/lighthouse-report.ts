// The pure half of `npm run lighthouse` (scripts/lighthouse.ts): a Lighthouse result reduced to the
// figures the project sets targets for (README.md "Tests" lists them), the targets themselves, the
// median of several runs, the failing audits worth fixing first and the printed table. No browser,
// no site: unit-tested in scripts/lighthouse.test.ts.
import { Util } from 'lighthouse/shared/util.js';

/** The parts of a Lighthouse result (LHR) this report reads; a real `LH.Result` fits it. */
export interface LhrLike {
  categories: Record<
    string,
    {
      score: number | null;
      auditRefs: { id: string; weight: number; group?: string; acronym?: string }[];
    }
  >;
  audits: Record<
    string,
    {
      id: string;
      title: string;
      score: number | null;
      scoreDisplayMode: string;
      displayValue?: string;
      numericValue?: number;
      metricSavings?: Partial<Record<string, number>>;
      scoringOptions?: { p10: number; median: number };
      /** Lighthouse's details (a table, a list, a chain…): only a list of items is read. */
      details?: object;
    }
  >;
}

/** One page's figures: category scores 0-100 (null when Lighthouse could not score it). */
export interface Figures {
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  seo: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
}

export type Figure = keyof Figures;

/** Short names of the figures, as the table's header and the notes print them. */
export const FIGURE_LABELS: Record<Figure, string> = {
  performance: 'perf',
  accessibility: 'a11y',
  bestPractices: 'best practices',
  seo: 'SEO',
  lcpMs: 'LCP',
  tbtMs: 'TBT',
  cls: 'CLS',
};

/**
 * The targets (README.md "Tests"), on every page: a score at least `min`, a metric at most `max`.
 * SEO has none (printed for information).
 */
export const TARGETS: Partial<Record<Figure, { min?: number; max?: number }>> = {
  performance: { min: 95 },
  accessibility: { min: 100 },
  bestPractices: { min: 100 },
  lcpMs: { max: 2000 },
  tbtMs: { max: 150 },
  cls: { max: 0.02 },
};

/** The Lighthouse category of each scored figure; the metrics belong to performance. */
const CATEGORY_OF: Record<Figure, string> = {
  performance: 'performance',
  accessibility: 'accessibility',
  bestPractices: 'best-practices',
  seo: 'seo',
  lcpMs: 'performance',
  tbtMs: 'performance',
  cls: 'performance',
};

function score(lhr: LhrLike, category: string): number | null {
  const s = lhr.categories[category]?.score;
  return typeof s === 'number' ? Math.round(s * 100) : null;
}

function metric(lhr: LhrLike, audit: string): number | null {
  const v = lhr.audits[audit]?.numericValue;
  return typeof v === 'number' ? v : null;
}

export function figuresOf(lhr: LhrLike): Figures {
  return {
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    bestPractices: score(lhr, 'best-practices'),
    seo: score(lhr, 'seo'),
    lcpMs: metric(lhr, 'largest-contentful-paint'),
    tbtMs: metric(lhr, 'total-blocking-time'),
    cls: metric(lhr, 'cumulative-layout-shift'),
  };
}

/**
 * The figures that miss their target. A figure Lighthouse could not measure misses too: a page
 * is only on target when it is shown to be.
 */
export function missedTargets(figures: Figures): Figure[] {
  const missed: Figure[] = [];
  for (const [key, target] of Object.entries(TARGETS) as [
    Figure,
    { min?: number; max?: number },
  ][]) {
    const value = figures[key];
    if (
      value === null ||
      (target.min !== undefined && value < target.min) ||
      (target.max !== undefined && value > target.max)
    ) {
      missed.push(key);
    }
  }
  return missed;
}

/**
 * The median of several runs of one page by performance score (Lighthouse's scores vary from run
 * to run). With an even count the lower of the two middle runs is taken, so a page is never
 * reported better than half its runs; a run without a score sorts lowest.
 */
export function medianRun<T>(runs: readonly T[], performance: (run: T) => number | null): T {
  if (runs.length === 0) throw new Error('medianRun: no runs');
  const sorted = [...runs].sort((a, b) => (performance(a) ?? -1) - (performance(b) ?? -1));
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

export interface FailingAudit {
  id: string;
  category: string;
  title: string;
  displayValue: string;
  /** What the audit's first finding points at: an element's selector, a file, a kind of work. */
  detail: string;
  /** Estimated category points the audit costs (0-100 scale), as the Lighthouse report sorts. */
  impact: number;
}

/**
 * The first item of an audit's details, in a few words: the element (its CSS selector), the file
 * (its path) or the kind of work it names; a table inside an item is looked into.
 */
export function firstFinding(details: unknown): string {
  const items = (details as { items?: unknown } | undefined)?.items;
  const item = Array.isArray(items) ? (items[0] as Record<string, unknown> | undefined) : undefined;
  if (!item) return '';
  if (Array.isArray(item.items)) return firstFinding(item);
  const node = item.node as { selector?: string } | undefined;
  let text = '';
  if (node?.selector) text = node.selector;
  else if (typeof item.url === 'string') {
    try {
      const url = new URL(item.url);
      text = url.pathname + url.search;
    } catch {
      text = item.url;
    }
  } else if (typeof item.groupLabel === 'string') text = item.groupLabel;
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

/** Audits that are scored as pass or fail (the others are for information or not applicable). */
const SCORED_MODES = new Set(['numeric', 'binary', 'metricSavings']);

/**
 * Performance points a performance audit costs, the way the Lighthouse report ranks its
 * diagnostics: each metric the audit would save time on, rescored at the saved value, times that
 * metric's weight.
 */
function performanceImpact(lhr: LhrLike, savings: Partial<Record<string, number>>): number {
  let impact = 0;
  for (const ref of lhr.categories.performance?.auditRefs ?? []) {
    const saved = ref.acronym ? savings[ref.acronym] : undefined;
    const audit = lhr.audits[ref.id];
    if (!saved || !audit || audit.score === null || !audit.scoringOptions) continue;
    if (typeof audit.numericValue !== 'number') continue;
    const better = Util.computeLogNormalScore(audit.scoringOptions, audit.numericValue - saved);
    impact += (better - audit.score) * ref.weight;
  }
  return impact;
}

/**
 * The failing audits of the categories behind the missed figures, costliest first: what to fix
 * to reach the targets. A weighted audit (accessibility, best practices) costs its share of the
 * category's weight; a performance diagnostic costs the points its metric savings would win back.
 * The metrics themselves are left out: the table already shows them.
 */
export function failingAudits(lhr: LhrLike, missed: readonly Figure[], count = 3): FailingAudit[] {
  const categories = new Set(missed.map((figure) => CATEGORY_OF[figure]));
  const found: FailingAudit[] = [];
  const seen = new Set<string>();
  for (const category of categories) {
    const refs = lhr.categories[category]?.auditRefs ?? [];
    const scored = refs.filter((ref) => SCORED_MODES.has(lhr.audits[ref.id]?.scoreDisplayMode));
    const totalWeight = scored.reduce((sum, ref) => sum + ref.weight, 0);
    for (const ref of scored) {
      const audit = lhr.audits[ref.id];
      if (ref.group === 'metrics' || ref.group === 'hidden' || seen.has(ref.id)) continue;
      if (audit.score === null || audit.score >= 1) continue;
      seen.add(ref.id);
      const impact =
        ref.weight > 0 && totalWeight > 0
          ? (ref.weight / totalWeight) * (1 - audit.score) * 100
          : category === 'performance'
            ? performanceImpact(lhr, audit.metricSavings ?? {})
            : 0;
      found.push({
        id: ref.id,
        category,
        title: audit.title,
        displayValue: audit.displayValue ?? '',
        detail: firstFinding(audit.details),
        impact: Math.round(impact * 10) / 10,
      });
    }
  }
  const scoreOf = (a: FailingAudit) => lhr.audits[a.id].score ?? 0;
  found.sort((a, b) => b.impact - a.impact || scoreOf(a) - scoreOf(b));
  return found.slice(0, count);
}

/** The figure as printed: scores whole, LCP in seconds, TBT in whole milliseconds, CLS to 0.001. */
export function formatFigure(key: Figure, value: number | null): string {
  if (value === null) return 'n/a';
  switch (key) {
    case 'lcpMs':
      return (value / 1000).toFixed(2);
    case 'tbtMs':
      return String(Math.round(value));
    case 'cls':
      return value.toFixed(3);
    default:
      return String(value);
  }
}

const COLUMNS: [Figure, string][] = [
  ['performance', 'perf'],
  ['accessibility', 'a11y'],
  ['bestPractices', 'best practices'],
  ['seo', 'SEO'],
  ['lcpMs', 'LCP s'],
  ['tbtMs', 'TBT ms'],
  ['cls', 'CLS'],
];

export interface TableRow {
  page: string;
  /** A page that could not be measured has every figure null (each shown as a missed n/a). */
  figures: Figures;
}

/** Figures of a page Lighthouse could not measure. */
export const NO_FIGURES: Figures = {
  performance: null,
  accessibility: null,
  bestPractices: null,
  seo: null,
  lcpMs: null,
  tbtMs: null,
  cls: null,
};

/**
 * A Markdown table (pasted as is into a note), padded to line up in a terminal: each figure that
 * misses its target carries a ✗.
 */
export function formatTable(rows: readonly TableRow[]): string {
  const header = ['page', ...COLUMNS.map(([, title]) => title)];
  const body = rows.map((row) => {
    const missed = new Set(missedTargets(row.figures));
    return [
      row.page,
      ...COLUMNS.map(
        ([key]) => formatFigure(key, row.figures[key]) + (missed.has(key) ? ' ✗' : ''),
      ),
    ];
  });
  const widths = header.map((title, i) =>
    Math.max(title.length, ...body.map((cells) => cells[i].length)),
  );
  // The page column reads left to right; the figures line up on their right edge.
  const pad = (cell: string, i: number) =>
    i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]);
  const line = (cells: string[]) => `| ${cells.map(pad).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => '-'.repeat(w + 1) + (i === 0 ? '-' : ':')).join('|')}|`;
  return [line(header), rule, ...body.map(line)].join('\n');
}

/** A file name for a page's report: `coupons, signed in` → `coupons-signed-in`. */
export function slugOf(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
