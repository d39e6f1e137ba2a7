import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { sx } from '~/lib/theme/static-css';

export const tabStyles = {
  list: sx({ display: 'flex', gap: '1', borderBottomWidth: '1px', mb: '4' }),
  tab: sx({
    px: '4',
    py: '2',
    fontWeight: 'semibold',
    color: 'fg.muted',
    textDecoration: 'none',
    borderBottomWidth: '2px',
    borderColor: 'transparent',
    mb: '-1px',
    cursor: 'pointer',
    _hover: { color: 'fg' },
    '&[aria-current="page"], &[aria-selected="true"]': {
      color: 'brand.fg',
      borderColor: 'brand.solid',
    },
    _focusVisible: { outline: '2px solid', outlineColor: 'brand.solid' },
  }),
};

export interface TabItem<V extends string> {
  value: V;
  label: string;
  panel: ReactNode;
}

/**
 * Tabs as the ARIA authoring practices have them (a tablist of buttons, one panel shown; arrow
 * keys, Home and End move between tabs and select them), for the dialog with JavaScript. The
 * selected tab is the caller's (it lives in the page's address).
 */
export function Tabs<V extends string>({
  id,
  label,
  items,
  value,
  onChange,
}: {
  id: string;
  label: string;
  items: TabItem<V>[];
  value: V;
  onChange: (value: V) => void;
}) {
  const list = useRef<HTMLDivElement>(null);
  const tabId = (v: V) => `${id}-tab-${v}`;
  const panelId = (v: V) => `${id}-panel-${v}`;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = items.findIndex((item) => item.value === value);
    const last = items.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % items.length
        : event.key === 'ArrowLeft'
          ? (index + last) % items.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : -1;
    if (next === -1) return;
    event.preventDefault();
    onChange(items[next].value);
    list.current?.querySelector<HTMLElement>(`#${CSS.escape(tabId(items[next].value))}`)?.focus();
  };

  return (
    <>
      {/* eslint-disable-next-line jsx-a11y/interactive-supports-focus -- the tabs inside take focus (roving tabindex) */}
      <div
        ref={list}
        role="tablist"
        aria-label={label}
        className={tabStyles.list}
        onKeyDown={onKeyDown}
      >
        {items.map((item) => (
          <button
            key={item.value}
            type="button"
            role="tab"
            id={tabId(item.value)}
            aria-selected={item.value === value}
            aria-controls={panelId(item.value)}
            tabIndex={item.value === value ? 0 : -1}
            className={tabStyles.tab}
            onClick={() => onChange(item.value)}
          >
            {item.label}
          </button>
        ))}
      </div>
      {items.map((item) => (
        <div
          key={item.value}
          role="tabpanel"
          id={panelId(item.value)}
          aria-labelledby={tabId(item.value)}
          hidden={item.value !== value}
        >
          {item.value === value ? item.panel : null}
        </div>
      ))}
    </>
  );
}
