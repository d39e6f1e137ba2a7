import { useFetcher, type FetcherWithComponents } from '@remix-run/react';
import type { ReactNode } from 'react';
import { cx } from '~/lib/theme/static-css';
import { listStyles as styles } from './list-styles';
import { couponHref, LIST_INTENTS, MAX_QUANTITY, MIN_QUANTITY, type ListItem } from './rules';

export interface ListAnswer {
  ok: boolean;
  message: string | null;
}

/**
 * A post to /list. Live (with JavaScript): through `fetcher`, so the page changes at once and the
 * answer comes back as data. Otherwise a plain form post, answered by a redirect back to the
 * page.
 */
export function ListForm({
  fetcher,
  intent,
  className,
  children,
  label,
}: {
  fetcher: FetcherWithComponents<ListAnswer> | null;
  intent: string;
  className?: string;
  children: ReactNode;
  label?: string;
}) {
  const hidden = <input type="hidden" name="intent" value={intent} />;
  if (fetcher) {
    return (
      <fetcher.Form method="post" action="/list" className={className} aria-label={label}>
        {hidden}
        {children}
      </fetcher.Form>
    );
  }
  return (
    <form method="post" action="/list" className={className} aria-label={label}>
      {hidden}
      {children}
    </form>
  );
}

/** The value a pending post of this line sends for `field`, if it is posting `intent`. */
function pendingValue(fetcher: FetcherWithComponents<ListAnswer>, intent: string, field: string) {
  const form = fetcher.formData;
  return form && form.get('intent') === intent ? form.get(field) : null;
}

/**
 * One line: its box (check off / uncheck), text, the coupon's offer or the ad item's price, its
 * quantity and 'Remove'. With JavaScript a change shows at once; a refused one goes back as the
 * server has it (the page's data is read again) and says why under the line.
 */
export function ListRow({
  item,
  hideChecked,
}: {
  item: ListItem;
  /** 'Clear checked' is on its way: checked lines are hidden already. */
  hideChecked: boolean;
}) {
  const active = useFetcher<ListAnswer>({ key: `list-item-${item.id}` });
  const toggled = pendingValue(active, LIST_INTENTS.toggle, 'checked');
  const checked = toggled === null ? item.checked : toggled === 'true';
  const quantity = pendingValue(active, LIST_INTENTS.quantity, 'quantity');
  const shownQuantity =
    quantity !== null && /^\d{1,2}$/.test(String(quantity)) ? Number(quantity) : item.quantity;
  const removing = active.formData?.get('intent') === LIST_INTENTS.remove;
  if (removing || (hideChecked && checked)) return null;
  const failed = active.state === 'idle' && active.data && !active.data.ok;
  const name = item.text;
  return (
    <li
      className={cx(styles.line, active.state !== 'idle' ? styles.pending : undefined)}
      data-testid="list-item"
    >
      <ListForm
        fetcher={active}
        intent={LIST_INTENTS.toggle}
        className={styles.inlineFormPrintable}
      >
        <input type="hidden" name="id" value={item.id} />
        <input type="hidden" name="checked" value={checked ? 'false' : 'true'} />
        <button
          type="submit"
          role="checkbox"
          aria-checked={checked}
          aria-label={checked ? `Uncheck ${name}` : `Check off ${name}`}
          className={styles.box}
        >
          {checked ? '✓' : ''}
        </button>
      </ListForm>
      <span className={cx(styles.text, checked ? styles.done : undefined)}>
        <span data-testid="list-item-text">{name}</span>
        {shownQuantity > 1 ? <span className={styles.printQty}> × {shownQuantity}</span> : null}
        {item.detail ? <span className={styles.detail}>{item.detail}</span> : null}
        {item.source === 'coupon' && item.refCode ? (
          <a href={couponHref(item.refCode)} className={cx(styles.couponLink, styles.noPrint)}>
            See the coupon
          </a>
        ) : null}
      </span>
      <ListForm fetcher={active} intent={LIST_INTENTS.quantity} className={styles.qtyForm}>
        <input type="hidden" name="id" value={item.id} />
        <label className={styles.label}>
          <span className={styles.srOnlyLabel}>Quantity of {name}</span>
          <input
            key={shownQuantity}
            type="number"
            name="quantity"
            inputMode="numeric"
            min={MIN_QUANTITY}
            max={MAX_QUANTITY}
            defaultValue={shownQuantity}
            className={styles.qtyInput}
          />
        </label>
        <button type="submit" className={styles.ghost} aria-label={`Update quantity of ${name}`}>
          Update
        </button>
      </ListForm>
      <ListForm fetcher={active} intent={LIST_INTENTS.remove} className={styles.inlineForm}>
        <input type="hidden" name="id" value={item.id} />
        <button type="submit" className={styles.ghost} aria-label={`Remove ${name}`}>
          Remove
        </button>
      </ListForm>
      {failed ? (
        <p role="alert" className={styles.lineError}>
          {active.data?.message}
        </p>
      ) : null}
    </li>
  );
}
