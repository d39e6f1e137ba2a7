import { useFetcher } from '@remix-run/react';
import { sx, sxRecipe } from '~/lib/theme/static-css';
import { LIST_INTENTS } from './rules';

const styles = {
  form: sx({ display: 'flex', flexDirection: 'column', gap: '1', w: 'full' }),
  button: sxRecipe(
    'button',
    { variant: 'outline', size: 'sm' },
    { colorPalette: 'brand', color: 'brand.fg', w: 'full' },
  ),
  done: sxRecipe('button', { variant: 'subtle', size: 'sm' }, { w: 'full' }),
  error: sx({ fontSize: 'xs', color: 'red.700' }),
};

interface Answer {
  ok: boolean;
  message: string | null;
}

/**
 * 'Add to list' for a coupon or a weekly ad item, posting to /list. With JavaScript and a
 * signed-in shopper it posts through a fetcher and reads 'On your list' at once (or, refused,
 * says why). A guest's (whose list travels in a cookie sent only to /list itself) and a post
 * without JavaScript are plain form posts, answered by the list page.
 */
export function AddToListButton({
  fields,
  name,
  returnTo,
  live,
}: {
  /** The post's fields besides `intent` and `returnTo` (a coupon's or an ad item's): `offerId`, or `adId`, `text`, `detail`. */
  fields:
    | { kind: 'coupon'; offerId: string }
    | { kind: 'ad'; adId: string; text: string; detail?: string };
  /** What is added, for the button's accessible name. */
  name: string;
  returnTo: string;
  /** Through a fetcher (a signed-in shopper). */
  live: boolean;
}) {
  const fetcher = useFetcher<Answer>({
    key: `add-to-list-${fields.kind === 'coupon' ? fields.offerId : fields.adId}`,
  });
  const busy = live && fetcher.state !== 'idle';
  if (live && (busy || fetcher.data?.ok)) {
    return (
      <button type="button" className={styles.done} disabled aria-busy={busy || undefined}>
        On your list
      </button>
    );
  }
  const inner = (
    <>
      <input
        type="hidden"
        name="intent"
        value={fields.kind === 'coupon' ? LIST_INTENTS.addCoupon : LIST_INTENTS.addAd}
      />
      {fields.kind === 'coupon' ? (
        <input type="hidden" name="offerId" value={fields.offerId} />
      ) : (
        <>
          <input type="hidden" name="adId" value={fields.adId} />
          <input type="hidden" name="text" value={fields.text} />
          {fields.detail ? <input type="hidden" name="detail" value={fields.detail} /> : null}
        </>
      )}
      <input type="hidden" name="returnTo" value={returnTo} />
      <button type="submit" className={styles.button} aria-label={`Add ${name} to list`}>
        Add to list
      </button>
      {live && fetcher.data && !fetcher.data.ok ? (
        <p role="alert" className={styles.error}>
          {fetcher.data.message}
        </p>
      ) : null}
    </>
  );
  return live ? (
    <fetcher.Form method="post" action="/list" className={styles.form}>
      {inner}
    </fetcher.Form>
  ) : (
    <form method="post" action="/list" className={styles.form}>
      {inner}
    </form>
  );
}
