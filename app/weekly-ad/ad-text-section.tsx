import { useEffect, useId, useMemo, useState } from 'react';
import { AddToListButton } from '~/list/add-to-list';
import { useRootData } from '~/shell/root-data';
import { sx, sxRecipe } from '~/lib/theme/static-css';
import { FilterSearch } from '~/lib/ui/filter-search';
import { srOnly } from '~/lib/ui/styles';
import { filterAdText, MAX_AD_QUERY, normaliseAdQuery, type AdTextItem } from './ad-text';
import type { WeeklyAdPageData } from './page-data';
import { adMatchesMessage, NO_WEEKLY_ADS_MESSAGE, noAdMatchesMessage } from './weekly-ad-messages';

const styles = {
  section: sx({ display: 'flex', flexDirection: 'column', gap: '4', minW: '0' }),
  heading: sxRecipe('heading', { size: 'xl' }),
  whose: sx({ color: 'fg.muted', fontSize: 'sm', mt: '-2' }),
  empty: sx({ py: '2' }),
  week: sx({ display: 'flex', flexDirection: 'column', gap: '3' }),
  weekHeading: sxRecipe('heading', { size: 'md' }),
  headline: sx({ fontStyle: 'italic', color: 'fg.muted' }),
  list: sx({ listStyleType: 'none', p: '0', m: '0', display: 'flex', flexDirection: 'column' }),
  item: sx({
    py: '3',
    borderTopWidth: '1px',
    borderColor: 'border',
    display: 'flex',
    flexDirection: 'column',
    gap: '0.5',
  }),
  title: sx({ fontSize: 'md', fontWeight: 'semibold', lineHeight: 'short' }),
  line: sx({ fontSize: 'sm' }),
  healthy: sx({ fontSize: 'sm', color: 'green.700' }),
  note: sx({ fontSize: 'sm', fontStyle: 'italic' }),
  price: sx({ fontSize: 'lg', fontWeight: 'bold', color: 'red.700' }),
  ends: sx({ fontSize: 'xs', color: 'fg.muted' }),
  add: sx({ maxW: '12rem', mt: '1' }),
};

/**
 * The ad as text beside the frame: a heading per week and per product, so a screen reader moves
 * from product to product; a GET search form (`q`, filtered on the server, so it works without
 * JavaScript; with JavaScript the list follows the box as the shopper types, through the same
 * filter). The "no weekly ads" sentence (docs/reference/weekly-ad.md "Messages") when the ad viewer
 * has no ads for us (down, or an empty ad).
 */
export function AdTextSection({ data }: { data: WeeklyAdPageData }) {
  const id = useId();
  const [query, setQuery] = useState(data.q);
  // A new page (a search sent, another store) starts from its own query.
  useEffect(() => setQuery(data.q), [data.q]);
  const weeks = data.text.status === 'ok' ? data.text.weeks : null;
  const q = normaliseAdQuery(query);
  const shown = useMemo(() => (weeks ? filterAdText(weeks, q) : null), [weeks, q]);
  const whose = data.store ? data.store.name : data.retailerName;
  const signedIn = Boolean(useRootData()?.user);

  return (
    <section className={styles.section} aria-labelledby={`${id}-title`} data-testid="ad-text">
      <h2 id={`${id}-title`} className={styles.heading}>
        This week’s ad as text
      </h2>
      <p className={styles.whose}>{whose}</p>
      {shown ? (
        <>
          <FilterSearch
            action="/weekly-ad"
            name="Search the weekly ad"
            label="Search the ad"
            look="aside"
            value={query}
            onChange={setQuery}
            maxLength={MAX_AD_QUERY}
            hidden={
              data.store?.fromLocation ? (
                <input type="hidden" name="location" value={data.store.storeNumber} />
              ) : null
            }
            status={
              q ? (shown.count ? adMatchesMessage(shown.count, q) : noAdMatchesMessage(q)) : null
            }
            statusTestId="ad-text-status"
          />
          {shown.weeks.map((week) => (
            <section
              key={week.id}
              className={styles.week}
              aria-labelledby={`${id}-${week.id}`}
              data-testid="ad-text-week"
            >
              <h3 id={`${id}-${week.id}`} className={styles.weekHeading}>
                {week.label ? `${week.label}: ${week.dates}` : week.dates}
              </h3>
              {week.headlines.map((text) => (
                <p key={text} className={styles.headline}>
                  {text}
                </p>
              ))}
              <ul className={styles.list}>
                {week.items.map((item) => (
                  <AdTextEntry key={item.id} item={item} signedIn={signedIn} />
                ))}
              </ul>
            </section>
          ))}
        </>
      ) : (
        <p className={styles.empty} data-testid="no-weekly-ads">
          {NO_WEEKLY_ADS_MESSAGE}
        </p>
      )}
    </section>
  );
}

function AdTextEntry({ item, signedIn }: { item: AdTextItem; signedIn: boolean }) {
  return (
    <li className={styles.item} data-testid="ad-text-item">
      <h4 className={styles.title}>{item.title}</h4>
      {item.details.map((line, i) => (
        <p key={i} className={styles.line}>
          {line}
        </p>
      ))}
      {item.healthy ? <p className={styles.healthy}>{item.healthy}</p> : null}
      {item.notes.map((note, i) => (
        <p key={i} className={styles.note}>
          {note}
        </p>
      ))}
      {item.price ? (
        <p className={styles.price}>
          {item.price}
          {item.unit ? (
            <>
              {' '}
              <span aria-hidden="true">/</span>
              <span className={srOnly}>per</span> {item.unit}
            </>
          ) : null}
        </p>
      ) : null}
      {item.ends ? <p className={styles.ends}>{item.ends}</p> : null}
      <div className={styles.add}>
        <AddToListButton
          fields={{
            kind: 'ad',
            adId: item.id,
            text: item.title,
            detail: item.price ? [item.price, item.unit].filter(Boolean).join(' / ') : undefined,
          }}
          name={item.title}
          returnTo="/weekly-ad"
          live={signedIn}
        />
      </div>
    </li>
  );
}
