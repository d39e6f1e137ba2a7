import { Form } from '@remix-run/react';
import { useId, type ReactNode } from 'react';
import { sx, sxRecipe } from '~/lib/theme/static-css';

const form = sx({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: '2' });
const label = sx({ textStyle: 'sm', fontWeight: 'medium' });
const status = sx({ fontSize: 'sm', color: 'fg.muted', minH: '1lh' });
const field = { display: 'flex', flexDirection: 'column', gap: '1' } as const;

/**
 * The two looks of the search: `page` (the page's main search: a medium field, an outline
 * button) and `aside` (beside other content: a small field, the brand's solid button).
 */
const looks = {
  page: {
    field: sx({ ...field, flex: '1 1 14rem' }),
    input: sxRecipe('input', { size: 'md', variant: 'outline' }, { bg: 'bg' }),
    button: sxRecipe('button', { variant: 'outline', size: 'md' }),
  },
  aside: {
    field: sx({ ...field, flex: '1 1 12rem', minW: '0' }),
    input: sxRecipe('input', { size: 'sm', variant: 'outline' }, { bg: 'bg' }),
    button: sxRecipe('button', { variant: 'solid', size: 'sm' }, { colorPalette: 'brand' }),
  },
};

export interface FilterSearchProps {
  /** The page the search is sent to (GET, field `q`). */
  action: string;
  /** The search landmark's name ('Search schools and causes'). */
  name: string;
  /** The field's label. */
  label: string;
  look: keyof typeof looks;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  autoComplete?: string;
  /** Replace the history entry (a search refines the same page). */
  replace?: boolean;
  /** Hidden fields sent with the search (the store the page shows). */
  hidden?: ReactNode;
  /** What the search found, said politely as it changes (empty before a search). */
  status: ReactNode;
  statusTestId: string;
}

/**
 * A search that filters a list on the page: a GET form (field `q`), so it works without
 * JavaScript (the server filters); with JavaScript the caller filters the list as the shopper
 * types, through the same filter. Under it, a polite live region that says how many match; its
 * room is kept while empty, so the list does not move when it speaks.
 */
export function FilterSearch(props: FilterSearchProps) {
  const id = useId();
  const styles = looks[props.look];
  return (
    <>
      <Form
        method="get"
        action={props.action}
        role="search"
        aria-label={props.name}
        className={form}
        preventScrollReset
        replace={props.replace}
      >
        {props.hidden}
        <div className={styles.field}>
          <label htmlFor={`${id}-q`} className={label}>
            {props.label}
          </label>
          <input
            id={`${id}-q`}
            name="q"
            type="search"
            value={props.value}
            onChange={(event) => props.onChange(event.currentTarget.value)}
            maxLength={props.maxLength}
            autoComplete={props.autoComplete}
            className={styles.input}
          />
        </div>
        <button type="submit" className={styles.button}>
          Search
        </button>
      </Form>
      <p
        className={status}
        role="status"
        aria-live="polite"
        aria-atomic="true"
        data-testid={props.statusTestId}
      >
        {props.status}
      </p>
    </>
  );
}
