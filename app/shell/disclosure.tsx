import type { SystemStyleObject } from '@chakra-ui/react';
import { useLocation } from '@remix-run/react';
import { useEffect, useRef, type ReactNode } from 'react';
import { sx } from '~/lib/theme/static-css';
import { ChevronDownIcon } from '~/lib/ui/icons';

/** The summary's own style; callers spread it under theirs and declare the class (sx). */
export const disclosureSummaryStyle = {
  '&::-webkit-details-marker': { display: 'none' },
  display: 'flex',
  alignItems: 'center',
  gap: '1',
  cursor: 'pointer',
  listStyleType: 'none',
  borderRadius: 'sm',
  focusVisibleRing: 'outside',
} as const satisfies SystemStyleObject;

/** The drop-down panel's own style (callers may spread it under theirs). */
export const disclosurePanelStyle = {
  position: 'absolute',
  top: '100%',
  insetStart: '0',
  zIndex: 'dropdown',
  mt: '1',
  minW: '48',
  bg: 'bg',
  color: 'fg',
  shadow: 'lg',
  borderRadius: 'md',
  borderWidth: '1px',
  py: '1',
} as const satisfies SystemStyleObject;

/** A link in a drop-down panel: a full row, its focus ring inside (the panel clips it). */
export const disclosureLinkStyle = {
  display: 'flex',
  px: '4',
  py: '2',
  color: 'fg',
  focusVisibleRing: 'inside',
} as const satisfies SystemStyleObject;

const styles = {
  details: sx({ '&[open] > summary svg': { transform: 'rotate(180deg)' }, position: 'relative' }),
  panel: sx(disclosurePanelStyle),
};

/**
 * A drop-down built on <details>/<summary>: it opens and closes without JavaScript and is
 * announced as a disclosure. With JavaScript it also closes on Escape (focus returns to the
 * summary), on a click or focus outside, and after a route change.
 */
export function Disclosure({
  label,
  children,
  summaryClassName,
  panelClassName = styles.panel,
  testId,
}: {
  label: ReactNode;
  children: ReactNode;
  /** Class of the summary: sx({ ...disclosureSummaryStyle, ...yours }). */
  summaryClassName: string;
  /** Class of the panel; defaults to disclosurePanelStyle. */
  panelClassName?: string;
  testId?: string;
}) {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();

  useEffect(() => {
    ref.current?.removeAttribute('open');
  }, [location.key]);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const close = (e: Event) => {
      if (el.open && e.target instanceof Node && !el.contains(e.target)) el.removeAttribute('open');
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && el.open) {
        el.removeAttribute('open');
        el.querySelector('summary')?.focus();
      }
    };
    document.addEventListener('pointerdown', close);
    document.addEventListener('focusin', close);
    el.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', close);
      document.removeEventListener('focusin', close);
      el.removeEventListener('keydown', onKey);
    };
  }, []);

  return (
    <details ref={ref} className={styles.details} data-testid={testId}>
      <summary className={summaryClassName}>
        {label}
        <ChevronDownIcon size="1em" />
      </summary>
      <div className={panelClassName}>{children}</div>
    </details>
  );
}
