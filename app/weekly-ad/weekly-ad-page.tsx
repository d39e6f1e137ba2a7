import { Form } from '@remix-run/react';
import { useId } from 'react';
import { withJs } from '~/lib/browser/js-mark';
import { cx, sx, sxRecipe } from '~/lib/theme/static-css';
import { NativeSelect } from '~/lib/ui/native-select';
import { warningNoticeStyle } from '~/lib/ui/styles';
import { AdFrame, DETAILS_CONTENT, WEEKLY_AD_PATH } from './ad-frame';
import { AdTextSection } from './ad-text-section';
import type { WeeklyAdPageData } from './page-data';
import { UNKNOWN_LOCATION_MESSAGE } from './weekly-ad-messages';

const styles = {
  page: sx({ maxW: '1280px', mx: 'auto', px: '4', py: { base: '6', md: '8' } }),
  heading: sxRecipe('heading', { size: '2xl' }, { mb: '2' }),
  intro: sx({ display: 'flex', flexDirection: 'column', gap: '3', mb: '6' }),
  whose: sx({ fontSize: 'md' }),
  notice: sx(warningNoticeStyle),
  link: sxRecipe('link', { variant: 'underline' }, { color: 'brand.fg', fontWeight: 'medium' }),
  chooser: sx({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: '2' }),
  // Where the frame shows the viewer's own choose-store prompt on screen (a wide screen, where
  // the frame is always open, with scripts running in it), that prompt is the page's one picker.
  promptShown: sx({ [DETAILS_CONTENT]: withJs({ lg: { display: 'none' } }) }),
  field: sx({ display: 'flex', flexDirection: 'column', gap: '1', minW: '0' }),
  label: sx({ textStyle: 'sm', fontWeight: 'medium' }),
  button: sxRecipe('button', { variant: 'outline', size: 'sm' }, { colorPalette: 'brand' }),
  // Wide screens: the frame, with the text beside it; phones: the text under the frame's
  // disclosure button (the frame opens there).
  layout: sx({
    display: 'grid',
    gridTemplateColumns: { base: '1fr', lg: 'minmax(0, 2fr) minmax(0, 1fr)' },
    gap: '8',
    alignItems: 'start',
  }),
};

/**
 * /weekly-ad (docs/reference/weekly-ad.md "`/weekly-ad`"): the ad viewer's frame for the store
 * chosen by the address, else the home store, else the retailer's default ad (the viewer's
 * choose-store prompt for a guest without a store), and the same ad as text. The store chooser (a
 * GET form) is the page's store picker: it shows any store's ad, frame and text together, without
 * JavaScript and without changing the home store; where the viewer's prompt is on screen and
 * working it stands in for the chooser (docs/reference/weekly-ad.md "One ad, one picker").
 */
export function WeeklyAdPage({ data }: { data: WeeklyAdPageData }) {
  return (
    <div className={styles.page}>
      <div className={styles.intro}>
        <h1 className={styles.heading}>Weekly Ad</h1>
        <p className={styles.whose} data-testid="weekly-ad-store">
          {data.store
            ? `This week’s ad at ${data.store.name}.`
            : `Choose a store to see its weekly ad.`}
        </p>
        {data.unknownLocation ? (
          <p role="status" className={styles.notice} data-testid="unknown-location">
            {UNKNOWN_LOCATION_MESSAGE}
          </p>
        ) : null}
        <StoreChooser data={data} />
        {data.externalUrl ? (
          <p>
            <a href={data.externalUrl} className={styles.link} data-testid="weekly-ad-external">
              See the weekly ad on {data.retailerName}’s ad site
            </a>
          </p>
        ) : null}
      </div>
      <div className={styles.layout}>
        <AdFrame data={data} />
        <AdTextSection data={data} />
      </div>
    </div>
  );
}

/** Any store's ad, by address (`?location=`): a plain GET form, with JavaScript or without. */
function StoreChooser({ data }: { data: WeeklyAdPageData }) {
  const id = useId();
  const listed = data.stores.filter((s) => s.listed);
  // One store: nothing to choose.
  if (listed.length < 2) return null;
  const current = data.store?.storeNumber ?? '';
  return (
    <Form
      method="get"
      action={WEEKLY_AD_PATH}
      className={cx(styles.chooser, data.frame?.chooseStore && styles.promptShown)}
      aria-label="Choose a store's weekly ad"
      data-testid="weekly-ad-chooser"
    >
      <div className={styles.field}>
        <label htmlFor={`${id}-store`} className={styles.label}>
          Store
        </label>
        <NativeSelect
          look="field"
          id={`${id}-store`}
          name="location"
          defaultValue={current}
          key={current}
          required
          placeholder={current ? null : 'Select a store'}
          options={listed.map((s) => ({ value: s.storeNumber, label: s.name }))}
        />
      </div>
      <button type="submit" className={styles.button}>
        Show this store’s ad
      </button>
    </Form>
  );
}
