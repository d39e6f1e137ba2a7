import { useId } from 'react';
import { sx } from '~/lib/theme/static-css';
import type { SavingsKind, SavingsTable } from './savings';
import {
  CHART_FONT_SIZE,
  SWATCH,
  savingsChartModel,
  type ChartOrientation,
  type SavingsChartModel,
} from './savings-chart-model';

/**
 * The savings chart drawn as SVG on the server (no JavaScript, no chart library): the model of
 * savings-chart-model.ts in the brand's colours. Each kind of saving has its own fill, solid or
 * patterned, in the brand's primary or secondary colour darkened to read on white (the theme's
 * `brand.solid` / `accent.solid`), so colour is never the only cue and every mark stands out
 * from the white ground. An image to assistive technology, whose label points to the table that
 * carries the same amounts.
 */

const styles = {
  svg: sx({ display: 'block', w: 'full', h: 'auto', color: 'fg', overflow: 'visible' }),
  brandFill: sx({ fill: 'brand.solid' }),
  accentFill: sx({ fill: 'accent.solid' }),
  brandStroke: sx({ stroke: 'brand.solid' }),
  accentStroke: sx({ stroke: 'accent.solid' }),
  ground: sx({ fill: 'bg' }),
  grid: sx({ stroke: 'border', strokeWidth: '1' }),
  axis: sx({ stroke: 'fg.muted', strokeWidth: '1' }),
  muted: sx({ fill: 'fg.muted' }),
  text: sx({ fill: 'fg' }),
  total: sx({ fill: 'fg', fontWeight: 'semibold' }),
};

/** The fill of each kind: which colour, and solid or which pattern. */
const LOOKS: Record<
  SavingsKind,
  { colour: 'brand' | 'accent'; pattern: 'solid' | 'stripes' | 'backStripes' | 'checks' }
> = {
  walletCredit: { colour: 'brand', pattern: 'solid' },
  digitalCoupons: { colour: 'accent', pattern: 'solid' },
  instant: { colour: 'brand', pattern: 'stripes' },
  loyalty: { colour: 'accent', pattern: 'backStripes' },
  targeted: { colour: 'brand', pattern: 'checks' },
};

const fillClass = (kind: SavingsKind) =>
  LOOKS[kind].colour === 'brand' ? styles.brandFill : styles.accentFill;
const strokeClass = (kind: SavingsKind) =>
  LOOKS[kind].colour === 'brand' ? styles.brandStroke : styles.accentStroke;

export interface SavingsChartProps {
  table: SavingsTable;
  orientation: ChartOrientation;
  /** The chart's name (its <title>). */
  title: string;
  /** What the image is, for assistive technology; names the table with the same amounts. */
  description: string;
  className?: string;
}

export function SavingsChart({
  table,
  orientation,
  title,
  description,
  className,
}: SavingsChartProps) {
  // Ids for the patterns and the title, unique on the page (two layouts, maybe two sections).
  const id = `savings-${orientation}-${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
  const model = savingsChartModel(table, orientation);
  const fill = (kind: SavingsKind) =>
    LOOKS[kind].pattern === 'solid' ? undefined : `url(#${id}-${kind})`;
  return (
    <svg
      viewBox={`0 0 ${model.width} ${model.height}`}
      className={[styles.svg, className].filter(Boolean).join(' ')}
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      fontSize={CHART_FONT_SIZE}
      data-testid={`savings-chart-${orientation}`}
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{description}</desc>
      <Patterns id={id} kinds={table.kinds} />
      <Legend model={model} fill={fill} />
      {model.ticks.map((tick) => (
        <g key={tick.value}>
          <line x1={tick.x1} y1={tick.y1} x2={tick.x2} y2={tick.y2} className={styles.grid} />
          <text x={tick.textX} y={tick.textY} textAnchor={tick.anchor} className={styles.muted}>
            {tick.label}
          </text>
        </g>
      ))}
      {model.bars.map((bar) => (
        <g key={bar.month} data-month={bar.month} data-total={bar.total}>
          {bar.segments.map((s) => (
            <rect
              key={s.kind}
              x={s.x}
              y={s.y}
              width={s.width}
              height={s.height}
              className={fill(s.kind) ? strokeClass(s.kind) : fillClass(s.kind)}
              fill={fill(s.kind)}
              strokeWidth={fill(s.kind) ? 1 : undefined}
              data-kind={s.kind}
              data-value={s.value}
            />
          ))}
          <text
            x={bar.labelX}
            y={bar.labelY}
            textAnchor={orientation === 'columns' ? 'middle' : 'end'}
            className={styles.text}
          >
            {bar.label}
          </text>
          {bar.totalLabel ? (
            <text
              x={bar.totalX}
              y={bar.totalY}
              textAnchor={orientation === 'columns' ? 'middle' : 'start'}
              className={styles.total}
              fontSize={orientation === 'columns' ? CHART_FONT_SIZE - 1 : CHART_FONT_SIZE}
            >
              {bar.totalLabel}
            </text>
          ) : null}
        </g>
      ))}
      <line {...model.baseline} className={styles.axis} />
      {model.empty ? (
        <text x={model.note.x} y={model.note.y} textAnchor="middle" className={styles.muted}>
          No savings yet this year.
        </text>
      ) : null}
    </svg>
  );
}

function Legend({
  model,
  fill,
}: {
  model: SavingsChartModel;
  fill: (kind: SavingsKind) => string | undefined;
}) {
  return (
    <g data-testid="savings-chart-legend">
      {model.legend.map((entry) => (
        <g key={entry.kind}>
          <rect
            x={entry.x + 0.5}
            y={entry.y + 0.5}
            width={SWATCH - 1}
            height={SWATCH - 1}
            className={fill(entry.kind) ? strokeClass(entry.kind) : fillClass(entry.kind)}
            fill={fill(entry.kind)}
            strokeWidth={fill(entry.kind) ? 1 : undefined}
          />
          <text x={entry.textX} y={entry.textY} className={styles.text}>
            {entry.label}
          </text>
        </g>
      ))}
    </g>
  );
}

/** The patterned fills: stripes one way and the other, and checks, on the page's ground. */
function Patterns({ id, kinds }: { id: string; kinds: readonly SavingsKind[] }) {
  return (
    <defs>
      {kinds.map((kind) => {
        const { pattern } = LOOKS[kind];
        if (pattern === 'solid') return null;
        const ink = fillClass(kind);
        return (
          <pattern
            key={kind}
            id={`${id}-${kind}`}
            width="6"
            height="6"
            patternUnits="userSpaceOnUse"
            patternTransform={
              pattern === 'stripes'
                ? 'rotate(45)'
                : pattern === 'backStripes'
                  ? 'rotate(-45)'
                  : undefined
            }
          >
            <rect width="6" height="6" className={styles.ground} />
            {pattern === 'checks' ? (
              <>
                <rect width="3" height="3" className={ink} />
                <rect x="3" y="3" width="3" height="3" className={ink} />
              </>
            ) : (
              <rect width="3" height="6" className={ink} />
            )}
          </pattern>
        );
      })}
    </defs>
  );
}
