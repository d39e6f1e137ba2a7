import type { SerializeFrom } from '@remix-run/node';
import { Form, Link, useFetcher } from '@remix-run/react';
import { useEffect, useId, useMemo } from 'react';
import { ClientOnly } from 'remix-utils/client-only';
import { FormAlert } from '~/lib/form-kit/form-alert';
import type { ListPageData } from './list.server';
import { ListForm, ListRow, type ListAnswer } from './list-row';
import { listStyles as styles } from './list-styles';
import {
  groupItems,
  LIST_INTENTS,
  MAX_QUANTITY,
  MAX_TEXT,
  MIN_QUANTITY,
  OTHER,
  type ListItem,
} from './rules';

type Data = SerializeFrom<ListPageData>;

/**
 * The shopping list page (docs/reference/list.md): the add form, the lines grouped by
 * department, 'Clear checked', printing and (signed in) the share link.
 */
export function ListPage({ data }: { data: Data }) {
  // Every post goes through a fetcher (a plain form until the page's scripts run), a guest's
  // too: their list's cookie is also kept at the data requests' path.
  const add = useFetcher<ListAnswer>({ key: 'list-add' });
  const clear = useFetcher<ListAnswer>({ key: 'list-clear' });
  const pendingText =
    add.formData?.get('intent') === LIST_INTENTS.add ? add.formData.get('text') : null;
  const addFailed = add.state === 'idle' && add.data && !add.data.ok ? add.data.message : null;
  const clearing = clear.state !== 'idle';

  const id = useId();
  // A line added through the fetcher: the boxes are emptied for the next one.
  useEffect(() => {
    if (add.state !== 'idle' || !add.data?.ok) return;
    const form = document.getElementById(`${id}-text`)?.closest('form');
    form?.reset();
  }, [add.state, add.data, id]);

  const items: ListItem[] = useMemo(() => {
    const text = typeof pendingText === 'string' ? pendingText.trim() : '';
    if (!text || text.length > MAX_TEXT) return data.items;
    const known = data.items.some((item) => item.text.toLowerCase() === text.toLowerCase());
    if (known) return data.items;
    return [
      ...data.items,
      {
        id: 'pending',
        text,
        quantity: 1,
        checked: false,
        category: OTHER,
        source: 'text',
        refId: null,
        refCode: null,
        detail: null,
      },
    ];
  }, [data.items, pendingText]);
  const groups = groupItems(items);
  const checkedCount = data.items.filter((item) => item.checked).length;

  return (
    <div className={styles.page} data-testid="shopping-list">
      <div>
        <h1 className={styles.heading}>Shopping List</h1>
        <p className={styles.count} data-testid="list-count">
          {data.items.length} of {data.maxItems} items
        </p>
      </div>
      {data.notice ? (
        <FormAlert status="success" errors={[data.notice]} className={styles.noPrint} />
      ) : null}
      {data.error ? <FormAlert errors={[data.error]} className={styles.noPrint} /> : null}
      {!data.signedIn ? (
        <p className={styles.noPrint}>
          This list is kept in this browser.{' '}
          <Link to="/login?redirectTo=%2Flist" reloadDocument className={styles.link}>
            Log in
          </Link>{' '}
          to keep it with your account and see it on any device.
        </p>
      ) : null}

      <ListForm
        fetcher={add}
        intent={LIST_INTENTS.add}
        className={styles.addForm}
        label="Add to your list"
      >
        <AddFields id={id} />
      </ListForm>
      {addFailed ? <FormAlert errors={[addFailed]} className={styles.noPrint} /> : null}

      {groups.length ? (
        groups.map((group, n) => (
          <section
            key={group.category}
            className={styles.group}
            aria-labelledby={`${id}-group-${n}`}
            data-testid="list-group"
          >
            <h2 id={`${id}-group-${n}`} className={styles.groupHeading}>
              {group.category}
            </h2>
            <ul className={styles.lines}>
              {group.items.map((item) =>
                item.id === 'pending' ? (
                  <li
                    key="pending"
                    className={styles.line}
                    aria-busy="true"
                    data-testid="list-item"
                  >
                    <span className={styles.box} aria-hidden="true" />
                    <span className={styles.text}>
                      <span data-testid="list-item-text">{item.text}</span>
                    </span>
                  </li>
                ) : (
                  <ListRow key={item.id} item={item} hideChecked={clearing} />
                ),
              )}
            </ul>
          </section>
        ))
      ) : (
        <p className={styles.empty}>Your list is empty. Add what you need above.</p>
      )}

      <div className={`${styles.actions} ${styles.noPrint}`}>
        {checkedCount ? (
          <ListForm fetcher={clear} intent={LIST_INTENTS.clearChecked}>
            <button type="submit" className={styles.secondary}>
              Clear checked ({checkedCount})
            </button>
          </ListForm>
        ) : null}
        {data.items.length ? (
          <ClientOnly>
            {() => (
              <button type="button" className={styles.secondary} onClick={() => window.print()}>
                Print list
              </button>
            )}
          </ClientOnly>
        ) : null}
      </div>
      {data.signedIn ? <ShareBox data={data} /> : null}
    </div>
  );
}

function AddFields({ id }: { id: string }) {
  return (
    <>
      <div className={styles.field}>
        <label htmlFor={`${id}-text`} className={styles.label}>
          Item
        </label>
        <input
          id={`${id}-text`}
          name="text"
          required
          maxLength={MAX_TEXT}
          autoComplete="off"
          className={styles.input}
        />
      </div>
      <div className={styles.qtyField}>
        <label htmlFor={`${id}-qty`} className={styles.label}>
          Quantity
        </label>
        <input
          id={`${id}-qty`}
          name="quantity"
          type="number"
          inputMode="numeric"
          min={MIN_QUANTITY}
          max={MAX_QUANTITY}
          defaultValue={1}
          className={styles.input}
        />
      </div>
      <button type="submit" className={styles.primary}>
        Add to list
      </button>
    </>
  );
}

/** Sharing: make a read-only link (shown once), make a new one, or stop sharing. */
function ShareBox({ data }: { data: Data }) {
  return (
    <section className={styles.share} aria-label="Share your list" data-testid="list-share">
      <h2 className={styles.label}>Share your list</h2>
      {data.shareUrl ? (
        <label className={styles.field}>
          <span>Anyone with this link can see your list (but not change it):</span>
          <input
            readOnly
            value={data.shareUrl}
            className={styles.shareUrl}
            data-testid="share-url"
            onFocus={(e) => e.currentTarget.select()}
          />
        </label>
      ) : data.shared ? (
        <p>Your list is shared. Make a new link to see it again; the old one then stops working.</p>
      ) : (
        <p>Make a read-only link for someone who shops for you.</p>
      )}
      <div className={styles.actions}>
        <Form method="post" action="/list">
          <input type="hidden" name="intent" value={LIST_INTENTS.share} />
          <button type="submit" className={styles.secondary}>
            {data.shared ? 'Make a new link' : 'Share a link'}
          </button>
        </Form>
        {data.shared ? (
          <Form method="post" action="/list">
            <input type="hidden" name="intent" value={LIST_INTENTS.stopSharing} />
            <button type="submit" className={styles.secondary}>
              Stop sharing
            </button>
          </Form>
        ) : null}
      </div>
    </section>
  );
}
