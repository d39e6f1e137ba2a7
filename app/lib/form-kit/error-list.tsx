import { sx } from '~/lib/theme/static-css';

const styles = {
  list: sx({ listStyleType: 'none', display: 'flex', flexDirection: 'column', gap: '0.5' }),
  error: sx({ color: 'red.700', textStyle: 'xs', fontWeight: 'medium' }),
};

/** The messages of one field or form, under the id its control's aria-describedby names. */
export function ErrorList({ id, errors }: { id?: string; errors?: readonly string[] | null }) {
  const list = errors?.filter(Boolean) ?? [];
  if (list.length === 0) return null;
  return (
    <ul id={id} className={styles.list}>
      {list.map((error) => (
        <li key={error} className={styles.error}>
          {error}
        </li>
      ))}
    </ul>
  );
}
