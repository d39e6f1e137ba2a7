/**
 * The geometry of the savings chart (docs/reference/rewards.md "Savings"): stacked bars per month
 * of the year so far, one segment per kind of saving, a value axis with round ticks, month labels,
 * a legend and each bar's total. Pure numbers in SVG user units, so the server draws the chart
 * without JavaScript (savings-chart.tsx) and tests check that the bars add up.
 *
 * Two layouts of the same model: `columns` (upright bars, wide screens) and `rows` (bars lying
 * down, one month a row, phones), each drawn at about its own size so its text stays readable.
 */
import { formatCurrency } from '~/lib/money';
import { SAVINGS_LABELS, type SavingsKind, type SavingsTable } from './savings';

export type ChartOrientation = 'columns' | 'rows';

export interface ChartSegment {
  kind: SavingsKind;
  value: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ChartBar {
  month: string;
  /** The month's short name ('Jan'), drawn by the bar. */
  label: string;
  labelX: number;
  labelY: number;
  total: number;
  /** The total as the site writes money ('$12.34', '50¢'); empty for a month without savings. */
  totalLabel: string;
  totalX: number;
  totalY: number;
  /** Bottom (columns) or left (rows) first, in the table's column order; zero values omitted. */
  segments: ChartSegment[];
}

export interface ChartTick {
  value: number;
  label: string;
  /** The grid line. */
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  textX: number;
  textY: number;
  anchor: 'start' | 'middle' | 'end';
}

export interface LegendEntry {
  kind: SavingsKind;
  label: string;
  /** The swatch's top-left corner (SWATCH units square). */
  x: number;
  y: number;
  textX: number;
  textY: number;
}

export interface SavingsChartModel {
  orientation: ChartOrientation;
  width: number;
  height: number;
  /** The value the far end of the axis stands for (a round number above the largest month). */
  scaleMax: number;
  ticks: ChartTick[];
  bars: ChartBar[];
  legend: LegendEntry[];
  /** The axis line the bars stand on. */
  baseline: { x1: number; y1: number; x2: number; y2: number };
  /** No savings at all this year: the chart says so instead of drawing empty bars. */
  empty: boolean;
  /** Where that sentence goes (the middle of the plot). */
  note: { x: number; y: number };
}

export const CHART_FONT_SIZE = 12;
export const SWATCH = 12;
const LEGEND_GAP = 18;
const LEGEND_ROW = 20;
/** Average width of a character of the chart's font, per font size unit (a safe overestimate). */
const CHAR_WIDTH = 0.6;

const round2 = (n: number) => Math.round(n * 100) / 100;

/** A round step (1, 2, 2.5 or 5 times a power of ten) at least `raw`. */
export function niceStep(raw: number): number {
  if (!(raw > 0) || !Number.isFinite(raw)) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const normalized = raw / magnitude;
  const factor =
    normalized <= 1 ? 1 : normalized <= 2 ? 2 : normalized <= 2.5 ? 2.5 : normalized <= 5 ? 5 : 10;
  // Cents are the smallest unit shown.
  return Math.max(0.01, round2(factor * magnitude));
}

/** The legend's entries, left to right, wrapping onto a new row when `width` is used up. */
function legendLayout(kinds: readonly SavingsKind[], left: number, width: number, top: number) {
  const entries: LegendEntry[] = [];
  let x = left;
  let y = top;
  for (const kind of kinds) {
    const label = SAVINGS_LABELS[kind];
    const w = SWATCH + 6 + label.length * CHART_FONT_SIZE * CHAR_WIDTH;
    if (x > left && x + w > left + width) {
      x = left;
      y += LEGEND_ROW;
    }
    entries.push({ kind, label, x, y, textX: x + SWATCH + 6, textY: y + SWATCH - 1 });
    x += w + LEGEND_GAP;
  }
  const height = kinds.length ? y - top + LEGEND_ROW : 0;
  return { entries, height };
}

/** Scale and ticks for the largest month: `count` steps up to a round maximum. */
function scale(max: number, count: number) {
  // An empty year still gets an axis: $0 to $20.
  const step = max > 0 ? niceStep(max / count) : 5;
  const steps = max > 0 ? Math.max(1, Math.ceil(round2(max / step))) : 4;
  const values = Array.from({ length: steps + 1 }, (_, i) => round2(i * step));
  return { scaleMax: values[values.length - 1], values };
}

type Month = SavingsTable['months'][number];

/** A month's bar: its label and total drawn where the layout puts them. */
function chartBar(
  month: Month,
  at: Pick<ChartBar, 'labelX' | 'labelY' | 'totalX' | 'totalY'>,
  segments: ChartSegment[],
): ChartBar {
  return {
    month: month.month,
    label: month.short,
    total: month.total,
    totalLabel: month.total > 0 ? formatCurrency(month.total) : '',
    ...at,
    segments,
  };
}

/** Where a layout's plot stands in its frame (SVG user units). */
interface Frame {
  width: number;
  height: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/**
 * The model from a layout's frame and what it draws. Upright bars stand on the plot's bottom
 * edge, lying bars on its left edge.
 */
function chartModel(
  orientation: ChartOrientation,
  frame: Frame,
  drawn: Pick<SavingsChartModel, 'scaleMax' | 'ticks' | 'bars' | 'legend'>,
  max: number,
): SavingsChartModel {
  const { width, height, left, right, top, bottom } = frame;
  return {
    orientation,
    width,
    height,
    ...drawn,
    baseline:
      orientation === 'columns'
        ? { x1: left, y1: bottom, x2: right, y2: bottom }
        : { x1: left, y1: top, x2: left, y2: bottom },
    empty: max === 0,
    note: { x: round2((left + right) / 2), y: round2((top + bottom) / 2) },
  };
}

/** The chart of a savings table in one of its two layouts. */
export function savingsChartModel(
  table: SavingsTable,
  orientation: ChartOrientation,
): SavingsChartModel {
  return orientation === 'columns' ? columns(table) : rows(table);
}

function columns(table: SavingsTable): SavingsChartModel {
  const width = 640;
  const left = 72;
  const right = width - 8;
  const legend = legendLayout(table.kinds, left, right - left, 0);
  const top = legend.height + 24;
  const bottom = top + 220;
  const height = bottom + 28;
  const max = Math.max(0, ...table.months.map((m) => m.total));
  const { scaleMax, values } = scale(max, 4);
  const plotHeight = bottom - top;
  const per = (value: number) => (value / scaleMax) * plotHeight;
  const slot = (right - left) / Math.max(1, table.months.length);
  const barWidth = Math.min(40, slot * 0.6);

  const bars = table.months.map((month, i) => {
    const center = left + slot * (i + 0.5);
    const x = round2(center - barWidth / 2);
    let y = bottom;
    const segments: ChartSegment[] = [];
    for (const kind of table.kinds) {
      const value = month.values[kind];
      if (!(value > 0)) continue;
      const h = per(value);
      y -= h;
      segments.push({ kind, value, x, y: round2(y), width: round2(barWidth), height: round2(h) });
    }
    return chartBar(
      month,
      {
        labelX: round2(center),
        labelY: bottom + 18,
        totalX: round2(center),
        totalY: round2(y - 5),
      },
      segments,
    );
  });
  const ticks = values.map((value) => {
    const y = round2(bottom - per(value));
    return {
      value,
      label: formatCurrency(value),
      x1: left,
      y1: y,
      x2: right,
      y2: y,
      textX: left - 8,
      textY: y + 4,
      anchor: 'end' as const,
    };
  });
  const frame = { width, height, left, right, top, bottom };
  return chartModel('columns', frame, { scaleMax, ticks, bars, legend: legend.entries }, max);
}

function rows(table: SavingsTable): SavingsChartModel {
  const width = 320;
  const left = 40;
  // Room after the longest bar for its total.
  const right = width - 72;
  const legend = legendLayout(table.kinds, 4, width - 8, 0);
  const top = legend.height + 12;
  const rowHeight = 26;
  const barHeight = 16;
  const bottom = top + rowHeight * Math.max(1, table.months.length);
  const height = bottom + 24;
  const max = Math.max(0, ...table.months.map((m) => m.total));
  const { scaleMax, values } = scale(max, 2);
  const plotWidth = right - left;
  const per = (value: number) => (value / scaleMax) * plotWidth;

  const bars = table.months.map((month, i) => {
    const y = round2(top + rowHeight * i + (rowHeight - barHeight) / 2);
    let x = left;
    const segments: ChartSegment[] = [];
    for (const kind of table.kinds) {
      const value = month.values[kind];
      if (!(value > 0)) continue;
      const w = per(value);
      segments.push({ kind, value, x: round2(x), y, width: round2(w), height: barHeight });
      x += w;
    }
    return chartBar(
      month,
      {
        labelX: left - 6,
        labelY: round2(y + barHeight - 3),
        totalX: round2(x + 5),
        totalY: round2(y + barHeight - 3),
      },
      segments,
    );
  });
  const ticks = values.map((value, i) => {
    const x = round2(left + per(value));
    return {
      value,
      label: formatCurrency(value),
      x1: x,
      y1: top,
      x2: x,
      y2: bottom,
      textX: x,
      textY: bottom + 16,
      anchor: i === 0 ? ('start' as const) : ('middle' as const),
    };
  });
  const frame = { width, height, left, right, top, bottom };
  return chartModel('rows', frame, { scaleMax, ticks, bars, legend: legend.entries }, max);
}
