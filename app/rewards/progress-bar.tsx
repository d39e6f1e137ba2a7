import { useEffect, useRef } from 'react';
import { cx, sx } from '~/lib/theme/static-css';

const styles = {
  track: sx({
    position: 'relative',
    w: 'full',
    h: '6',
    borderRadius: 'full',
    bg: 'bg.emphasized',
    overflow: 'hidden',
  }),
  fill: sx({
    position: 'absolute',
    insetY: '0',
    insetStart: '0',
    borderRadius: 'full',
    bg: 'brand.solid',
    transformOrigin: 'left',
  }),
  // Dark enough for the white words on it (WCAG AA for small text).
  done: sx({ bg: 'green.700' }),
  doneText: sx({
    position: 'relative',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    h: 'full',
    fontSize: 'sm',
    fontWeight: 'bold',
    color: 'white',
  }),
};

export interface ProgressBarProps {
  /** 0…100: how full the bar is. */
  percent: number;
  /** Names the bar for assistive technology. */
  label: string;
  /** The value in words for assistive technology: '42%', 'Redeem Now', '463 of 500 points'. */
  text: string;
  /** The goal is reached: the bar is full and green, and reads `doneText` in white. */
  done?: boolean;
  /** What a full bar reads (default `text`). */
  doneText?: string;
  /** Grows from empty when the page is interactive (never without JavaScript). */
  animate?: boolean;
}

/**
 * A progress bar (role=progressbar with its values; a bar short of its goal leaves the words to
 * the caller, beside it, where they never sit on the fill). The server draws it at its final width:
 * without JavaScript it is a plain bar; with it, an `animate` bar grows from empty once, unless
 * the shopper asked for reduced motion.
 */
export function ProgressBar({ percent, label, text, done, doneText, animate }: ProgressBarProps) {
  const fill = useRef<HTMLDivElement>(null);
  const width = Math.min(100, Math.max(0, percent));
  useEffect(() => {
    const el = fill.current;
    if (!animate || !el || typeof el.animate !== 'function') return;
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    el.animate([{ transform: 'scaleX(0)' }, { transform: 'scaleX(1)' }], {
      duration: 900,
      easing: 'cubic-bezier(0.2, 0.8, 0.2, 1)',
    });
  }, [animate]);
  return (
    <div
      className={styles.track}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(width)}
      aria-valuetext={text}
    >
      <div
        ref={fill}
        className={cx(styles.fill, done && styles.done)}
        style={{ width: `${width}%` }}
      />
      {done ? (
        <span className={styles.doneText} aria-hidden="true">
          {doneText ?? text}
        </span>
      ) : null}
    </div>
  );
}
