import { Util } from 'lighthouse/shared/util.js';
import { describe, expect, it } from 'vitest';
import {
  NO_FIGURES,
  failingAudits,
  figuresOf,
  formatFigure,
  formatTable,
  medianRun,
  missedTargets,
  slugOf,
  firstFinding,
  type Figures,
  type LhrLike,
} from './lighthouse-report';

const onTarget: Figures = {
  performance: 98,
  accessibility: 100,
  bestPractices: 100,
  seo: 92,
  lcpMs: 1800,
  tbtMs: 90,
  cls: 0.01,
};

// Lighthouse 12's scoring curves of the two metrics the fixture uses (mobile).
const CLS_CURVE = { p10: 0.1, median: 0.25 };
const TBT_CURVE = { p10: 200, median: 600 };

type Audit = LhrLike['audits'][string];

function audit(id: string, fields: Partial<Audit>): Audit {
  return { id, title: `${id} title`, score: 1, scoreDisplayMode: 'binary', ...fields };
}

/** A small result: a page with a layout shift, blocking scripts and one contrast failure. */
function lhr(): LhrLike {
  const cls = 0.23;
  const tbt = 420;
  return {
    categories: {
      performance: {
        score: 0.684,
        auditRefs: [
          { id: 'largest-contentful-paint', weight: 25, group: 'metrics', acronym: 'LCP' },
          { id: 'total-blocking-time', weight: 30, group: 'metrics', acronym: 'TBT' },
          { id: 'cumulative-layout-shift', weight: 25, group: 'metrics', acronym: 'CLS' },
          { id: 'cls-culprits-insight', weight: 0, group: 'hidden' },
          { id: 'layout-shifts', weight: 0, group: 'diagnostics' },
          { id: 'unused-javascript', weight: 0, group: 'diagnostics' },
          { id: 'long-tasks', weight: 0, group: 'diagnostics' },
          { id: 'uses-long-cache-ttl', weight: 0, group: 'diagnostics' },
        ],
      },
      accessibility: {
        score: 0.93,
        auditRefs: [
          { id: 'color-contrast', weight: 7 },
          { id: 'image-alt', weight: 10 },
          { id: 'label', weight: 7 },
          { id: 'video-caption', weight: 10 },
          { id: 'tabindex', weight: 7 },
        ],
      },
      'best-practices': { score: 1, auditRefs: [{ id: 'errors-in-console', weight: 1 }] },
      seo: { score: null, auditRefs: [] },
    },
    audits: {
      'largest-contentful-paint': audit('largest-contentful-paint', {
        scoreDisplayMode: 'numeric',
        score: 0.5,
        numericValue: 3412.6,
      }),
      'total-blocking-time': audit('total-blocking-time', {
        scoreDisplayMode: 'numeric',
        numericValue: tbt,
        score: Util.computeLogNormalScore(TBT_CURVE, tbt),
        scoringOptions: TBT_CURVE,
      }),
      'cumulative-layout-shift': audit('cumulative-layout-shift', {
        scoreDisplayMode: 'numeric',
        numericValue: cls,
        score: Util.computeLogNormalScore(CLS_CURVE, cls),
        scoringOptions: CLS_CURVE,
      }),
      'cls-culprits-insight': audit('cls-culprits-insight', {
        scoreDisplayMode: 'metricSavings',
        score: 0,
        metricSavings: { CLS: cls },
      }),
      'layout-shifts': audit('layout-shifts', {
        scoreDisplayMode: 'metricSavings',
        score: 0,
        displayValue: '2 layout shifts found',
        metricSavings: { CLS: cls },
        details: { items: [{ node: { selector: 'body > main#main' }, score: cls }] },
      }),
      'unused-javascript': audit('unused-javascript', {
        scoreDisplayMode: 'metricSavings',
        score: 0,
        displayValue: 'Est savings of 40 KiB',
        metricSavings: { TBT: 100 },
      }),
      'long-tasks': audit('long-tasks', {
        scoreDisplayMode: 'informative',
        score: null,
        displayValue: '5 long tasks found',
      }),
      'uses-long-cache-ttl': audit('uses-long-cache-ttl', {
        scoreDisplayMode: 'metricSavings',
        score: 0.5,
        displayValue: '3 resources found',
      }),
      'color-contrast': audit('color-contrast', { score: 0 }),
      'image-alt': audit('image-alt', {}),
      label: audit('label', {}),
      'video-caption': audit('video-caption', { scoreDisplayMode: 'notApplicable', score: null }),
      tabindex: audit('tabindex', { scoreDisplayMode: 'notApplicable', score: null }),
      'errors-in-console': audit('errors-in-console', {}),
    },
  };
}

describe('lighthouse report', () => {
  it('reads scores out of 100 and the three metrics, null where Lighthouse had none', () => {
    expect(figuresOf(lhr())).toEqual({
      performance: 68,
      accessibility: 93,
      bestPractices: 100,
      seo: null,
      lcpMs: 3412.6,
      tbtMs: 420,
      cls: 0.23,
    });
  });

  it('checks every target at its bound; SEO has none', () => {
    expect(missedTargets(onTarget)).toEqual([]);
    const atBounds = { ...onTarget, performance: 95, lcpMs: 2000, tbtMs: 150, cls: 0.02, seo: 10 };
    expect(missedTargets(atBounds)).toEqual([]);
    expect(
      missedTargets({
        performance: 94,
        accessibility: 99,
        bestPractices: 96,
        seo: 100,
        lcpMs: 2001,
        tbtMs: 151,
        cls: 0.021,
      }),
    ).toEqual(['performance', 'accessibility', 'bestPractices', 'lcpMs', 'tbtMs', 'cls']);
  });

  it('counts a figure Lighthouse could not measure as missed', () => {
    expect(missedTargets({ ...onTarget, tbtMs: null })).toEqual(['tbtMs']);
    expect(missedTargets(NO_FIGURES)).toHaveLength(6);
  });

  it('takes the median run by performance, the lower middle one of an even count', () => {
    const runs = [{ p: 80 }, { p: 60 }, { p: 90 }];
    const byScore = (r: { p: number | null }) => r.p;
    expect(medianRun(runs, byScore)).toBe(runs[0]);
    expect(runs.map((r) => r.p)).toEqual([80, 60, 90]);
    const four = [{ p: 91 }, { p: 70 }, { p: 85 }, { p: 99 }];
    expect(medianRun(four, byScore)).toBe(four[2]);
    expect(medianRun([{ p: 88 }, { p: null }], byScore).p).toBeNull();
    expect(medianRun([{ p: 50 }], byScore).p).toBe(50);
    expect(() => medianRun([], byScore)).toThrow();
  });

  it('lists the costliest failing audits of the categories behind the missed figures', () => {
    const result = lhr();
    const perf = failingAudits(result, ['performance', 'cls']);
    expect(perf.map((a) => a.id)).toEqual([
      'layout-shifts',
      'unused-javascript',
      'uses-long-cache-ttl',
    ]);
    // Removing the whole shift lifts CLS to a full score: its weight times the score it lacks.
    const clsScore = result.audits['cumulative-layout-shift'].score!;
    expect(perf[0]).toEqual({
      id: 'layout-shifts',
      category: 'performance',
      title: 'layout-shifts title',
      displayValue: '2 layout shifts found',
      detail: 'body > main#main',
      impact: Math.round((1 - clsScore) * 25 * 10) / 10,
    });
    expect(perf[0].impact).toBeGreaterThan(10);
    expect(perf[1].impact).toBeGreaterThan(0);
    expect(perf[1].impact).toBeLessThan(perf[0].impact);
    expect(perf[2].impact).toBe(0);

    // Accessibility: the failing audit's share of the weights that apply to the page.
    expect(failingAudits(result, ['accessibility'])).toEqual([
      {
        id: 'color-contrast',
        category: 'accessibility',
        title: 'color-contrast title',
        displayValue: '',
        detail: '',
        impact: Math.round((7 / 24) * 1000) / 10,
      },
    ]);
    expect(failingAudits(result, ['tbtMs', 'accessibility'], 2).map((a) => a.id)).toEqual([
      'color-contrast',
      'layout-shifts',
    ]);
    expect(failingAudits(result, [])).toEqual([]);
  });

  it('prints a Markdown table with a ✗ on each missed figure', () => {
    const table = formatTable([
      { page: 'home /', figures: onTarget },
      {
        page: 'coupons, signed in /digital-coupons',
        figures: { ...onTarget, performance: 68, lcpMs: 3412.6, tbtMs: 420.4, cls: 0.2312 },
      },
      { page: 'post /posts/a/b', figures: NO_FIGURES },
    ]);
    const lines = table.split('\n');
    expect(lines).toHaveLength(5);
    expect(new Set(lines.map((l) => l.length)).size).toBe(1);
    const cells = (line: string) =>
      line
        .split('|')
        .slice(1, -1)
        .map((c) => c.trim());
    expect(cells(lines[0])).toEqual([
      'page',
      'perf',
      'a11y',
      'best practices',
      'SEO',
      'LCP s',
      'TBT ms',
      'CLS',
    ]);
    expect(lines[1]).toMatch(/^\|-+\|(-+:\|){7}$/);
    expect(cells(lines[2])).toEqual(['home /', '98', '100', '100', '92', '1.80', '90', '0.010']);
    expect(cells(lines[3])).toEqual([
      'coupons, signed in /digital-coupons',
      '68 ✗',
      '100',
      '100',
      '92',
      '3.41 ✗',
      '420 ✗',
      '0.231 ✗',
    ]);
    expect(cells(lines[4])).toEqual([
      'post /posts/a/b',
      'n/a ✗',
      'n/a ✗',
      'n/a ✗',
      'n/a',
      'n/a ✗',
      'n/a ✗',
      'n/a ✗',
    ]);
  });

  it('prints LCP in seconds, TBT in whole milliseconds and CLS to the thousandth', () => {
    expect(formatFigure('lcpMs', 2049)).toBe('2.05');
    expect(formatFigure('tbtMs', 150.4)).toBe('150');
    expect(formatFigure('cls', 0.0204)).toBe('0.020');
    expect(formatFigure('performance', 95)).toBe('95');
    expect(formatFigure('seo', null)).toBe('n/a');
  });

  it("names an audit's first finding: an element, a file, a kind of work", () => {
    const lcpElement = {
      items: [{ type: 'table', items: [{ node: { selector: 'section > img.hero' } }] }],
    };
    expect(firstFinding(lcpElement)).toBe('section > img.hero');
    const script = { items: [{ url: 'http://lins.localhost:5111/build/_shared/chunk-A.js?v=1' }] };
    expect(firstFinding(script)).toBe('/build/_shared/chunk-A.js?v=1');
    expect(firstFinding({ items: [{ groupLabel: 'Script Evaluation' }] })).toBe(
      'Script Evaluation',
    );
    expect(firstFinding({ items: [{ node: { selector: 'div > '.repeat(30) } }] })).toHaveLength(80);
    expect(firstFinding({ items: [] })).toBe('');
    expect(firstFinding(undefined)).toBe('');
  });

  it('names report files after the page', () => {
    expect(slugOf('coupons, signed in')).toBe('coupons-signed-in');
    expect(slugOf('home')).toBe('home');
  });
});
