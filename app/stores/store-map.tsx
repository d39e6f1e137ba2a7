import type { MouseEvent } from 'react';
import { cx, sx } from '~/lib/theme/static-css';
import { focusViewBox, type StoreMapView } from './store-map-view';

export interface StoreMapProps {
  view: StoreMapView;
  /** The highlighted store (the shopper's choice in the list, or the page's own store). */
  selected: string | null;
  /** Zooms the map to this store (a store's own page: 'the map centred on it'). */
  focus?: string | null;
  /** The visit's home store: its marker carries a house and says 'your store'. */
  home?: string | null;
  /** With JavaScript: a marker click selects the store here instead of opening its page. */
  onSelect?: (storeNumber: string) => void;
  /** Accessible name of the map. */
  label?: string;
}

/** A map pin with its tip at (0, 0) and its head (radius 9) centred at (0, -14). */
const PIN = 'M0 0C-1.6-4.6-9-8.4-9-14a9 9 0 1 1 18 0c0 5.6-7.4 9.4-9 14z';
const HEAD_Y = -14;
/** A small house drawn in the home store's pin head (centred at (0, -14)). */
const HOUSE = 'M0 -19.5l-5 4.3h1.6v4.7h2.4v-3h2v3h2.4v-4.7h1.6z';
const PIN_SCALE = 1.2;
const SELECTED_SCALE = 1.6;

const pinBase = { stroke: 'white', strokeWidth: '1.5px', transition: 'fill 0.15s' } as const;

const styles = {
  map: sx({
    display: 'block',
    w: 'full',
    h: 'auto',
    bg: 'bg.muted',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'md',
  }),
  marker: sx({
    cursor: 'pointer',
    outline: 'none',
    '& .pin': { ...pinBase, fill: 'brand.solid' },
    '& .ring': { fill: 'none', stroke: 'brand.focusRing', strokeWidth: '3px', opacity: 0 },
    '&:hover .ring': { opacity: 0.45 },
    // The focus ring is drawn by the marker itself: outlines on SVG elements vary by browser.
    '&:focus-visible .ring': { opacity: 1 },
  }),
  selected: sx({ '& .pin': { ...pinBase, fill: 'accent.solid' } }),
  dot: sx({ fill: 'white', pointerEvents: 'none' }),
  home: sx({ '& .pin': { ...pinBase, fill: 'brand.emphasized' } }),
  highlight: sx({ pointerEvents: 'none', '& .pin': { ...pinBase, fill: 'accent.solid' } }),
};

/**
 * Handles a marker click: with `onSelect` (JavaScript on) a plain click selects the store and
 * stays on the page; a click that asks for a new tab or window (modifier keys, middle button)
 * and any click without `onSelect` follow the link to the store's page.
 */
export function markerClick(
  event: Pick<
    MouseEvent,
    'button' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey' | 'defaultPrevented' | 'preventDefault'
  >,
  storeNumber: string,
  onSelect: ((storeNumber: string) => void) | undefined,
): void {
  if (!onSelect || event.defaultPrevented) return;
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
    return;
  }
  event.preventDefault();
  onSelect(storeNumber);
}

/**
 * The key-less store map (docs/reference/stores.md "Map"): the brand's outline image (served once,
 * cached) under one marker per store, each marker a plain link to the store's page, so the map
 * works with JavaScript off. The selected store is drawn larger in the accent colour and marked
 * aria-current; markers take keyboard focus with a visible ring.
 */
export function StoreMap({
  view,
  selected,
  focus = null,
  home = null,
  onSelect,
  label = 'Map of our stores',
}: StoreMapProps) {
  if (!view.markers.length) return null;
  const viewBox = focus ? focusViewBox(view, focus) : view.viewBox;
  // Zoomed in, markers keep their size on screen.
  const scale = Number(viewBox.split(' ')[2]) / view.width || 1;
  const chosen = view.markers.find((m) => m.storeNumber === selected) ?? null;
  const pin = (x: number, y: number, size: number) =>
    `translate(${x} ${y}) scale(${Math.round(size * scale * 1000) / 1000})`;
  const head = (isHome: boolean) =>
    isHome ? (
      <path className={styles.dot} d={HOUSE} data-home-icon="" />
    ) : (
      <circle className={styles.dot} cx={0} cy={HEAD_Y} r={3.5} />
    );

  return (
    <svg
      role="group"
      aria-label={label}
      viewBox={viewBox}
      preserveAspectRatio="xMidYMid meet"
      className={styles.map}
      data-testid="store-map"
    >
      <image
        href={view.outlineHref}
        x={0}
        y={0}
        width={view.width}
        height={view.height}
        aria-hidden="true"
      />
      {view.markers.map((m) => {
        const isSelected = m.storeNumber === selected;
        const isHome = m.storeNumber === home;
        const name = isHome ? `${m.name} (your store)` : m.name;
        return (
          <a
            key={m.storeNumber}
            href={`/locations/${m.slug}`}
            aria-label={name}
            aria-current={isSelected ? 'true' : undefined}
            className={cx(styles.marker, isHome && styles.home, isSelected && styles.selected)}
            data-store-number={m.storeNumber}
            data-home={isHome || undefined}
            onClick={(event) => markerClick(event, m.storeNumber, onSelect)}
          >
            <title>{name}</title>
            <g transform={pin(m.x, m.y, isSelected ? SELECTED_SCALE : PIN_SCALE)}>
              <circle className="ring" cx={0} cy={HEAD_Y} r={13} />
              <path className="pin" d={PIN} />
              {head(isHome)}
            </g>
          </a>
        );
      })}
      {chosen ? (
        // The selected pin again on top, so a neighbour never hides it (not a second link).
        <g
          className={styles.highlight}
          aria-hidden="true"
          transform={pin(chosen.x, chosen.y, SELECTED_SCALE)}
        >
          <path className="pin" d={PIN} />
          {head(chosen.storeNumber === home)}
        </g>
      ) : null}
    </svg>
  );
}
