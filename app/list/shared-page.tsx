import type { SerializeFrom } from '@remix-run/node';
import { cx } from '~/lib/theme/static-css';
import { listStyles as styles } from './list-styles';
import { groupItems } from './rules';
import type { SharedListData } from './shared.server';

/** A shared list, read-only: the lines by department, checked ones struck through. */
export function SharedListPage({ data }: { data: SerializeFrom<SharedListData> }) {
  const groups = groupItems(data.items);
  return (
    <div className={styles.page} data-testid="shared-list">
      <div>
        <h1 className={styles.heading}>Shared Shopping List</h1>
        <p className={styles.count}>A read-only copy of someone’s list, as it is now.</p>
      </div>
      {groups.length ? (
        groups.map((group) => (
          <section key={group.category} className={styles.group} data-testid="list-group">
            <h2 className={styles.groupHeading}>{group.category}</h2>
            <ul className={styles.lines}>
              {group.items.map((item) => (
                <li key={item.id} className={styles.line} data-testid="list-item">
                  <span
                    className={styles.box}
                    role="img"
                    aria-label={item.checked ? 'Checked' : 'Not checked'}
                  >
                    {item.checked ? '✓' : ''}
                  </span>
                  <span className={cx(styles.text, item.checked ? styles.done : undefined)}>
                    <span data-testid="list-item-text">{item.text}</span>
                    {item.quantity > 1 ? <span> × {item.quantity}</span> : null}
                    {item.detail ? <span className={styles.detail}>{item.detail}</span> : null}
                  </span>
                </li>
              ))}
            </ul>
          </section>
        ))
      ) : (
        <p className={styles.empty}>This list is empty.</p>
      )}
    </div>
  );
}
