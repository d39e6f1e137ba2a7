import { Fragment, useEffect, useRef, useState, type CSSProperties } from 'react';
import { sx } from '~/lib/theme/static-css';
import { productCardBoxStyle } from '~/lib/ui/coupon-card-body';
import { srOnly } from '~/lib/ui/styles';
import {
  AD_CARD_HEIGHT,
  AD_CARD_WIDTH,
  AD_TEXT_LINES,
  adImageUrl,
  type AdCard,
  type PreviewLink,
} from './preview';

/** The product image's box: the reference's images are square, shown at 120×120. */
export const AD_IMAGE_SIZE = 120;

const card = {
  ...productCardBoxStyle,
  w: `${AD_CARD_WIDTH}px`,
  h: `${AD_CARD_HEIGHT}px`,
  p: '3',
  gap: '1',
} as const;

export const adCardStyles = {
  card: sx(card),
  skeleton: sx({ ...card, bg: 'bg.muted', shadow: 'none' }),
  skeletonBar: sx({ h: '4', borderRadius: 'l1', bg: 'bg.emphasized' }),
  /**
   * The image's box. Without JavaScript (a noscript style, see preview-slider.tsx) it shows the
   * png and, behind it, the jpg from its custom properties: the png-then-jpg fallback without a
   * script.
   */
  frame: sx({
    flexShrink: 0,
    alignSelf: 'center',
    w: `${AD_IMAGE_SIZE}px`,
    h: `${AD_IMAGE_SIZE}px`,
    mb: '1',
  }),
  image: sx({ display: 'block', w: 'full', h: 'full', objectFit: 'contain' }),
  noImage: sx({ w: 'full', h: 'full', borderRadius: 'l2', bg: 'bg.muted' }),
  body: sx({
    flex: '1 1 auto',
    minH: '0',
    overflow: 'hidden',
    display: 'flex',
    flexDirection: 'column',
    gap: '1',
  }),
  title: sx({ fontWeight: 'semibold', fontSize: 'sm', lineHeight: '1.3', flexShrink: 0 }),
  // The title link covers the card: one link per card, the whole card clickable.
  link: sx({
    color: 'fg',
    lineClamp: AD_TEXT_LINES,
    textDecoration: 'none',
    _hover: { textDecoration: 'underline' },
    _focusVisible: { outline: 'none' },
    _after: { content: '""', position: 'absolute', inset: '0', borderRadius: 'l3' },
    '&:focus-visible::after': {
      outline: '2px solid',
      outlineColor: 'brand.solid',
      outlineOffset: '-2px',
    },
  }),
  details: sx({ fontSize: 'xs', color: 'fg.muted', lineClamp: AD_TEXT_LINES, flexShrink: 0 }),
  custom: sx({ fontSize: 'xs', fontStyle: 'italic', color: 'fg', lineClamp: 2, flexShrink: 0 }),
  footer: sx({ flexShrink: 0, mt: 'auto', pt: '1' }),
  price: sx({ fontSize: 'lg', fontWeight: 'bold', color: 'brand.fg', lineHeight: '1.2' }),
  unit: sx({ fontSize: 'sm', fontWeight: 'normal' }),
  ends: sx({ fontSize: 'xs', color: 'fg.muted' }),
  // Whose ad and which dates: one line each, cut short with an ellipsis (the full text is in
  // the preview's heading line and on /weekly-ad).
  whose: sx({ fontSize: 'xs', color: 'fg.muted', lineClamp: 1 }),
};
const styles = adCardStyles;

type Ext = 'png' | 'jpg' | 'none';

/**
 * A product image, png first and jpg when the png fails (docs/reference/weekly-ad.md "Home page
 * preview"), then an empty box when both fail. A png that failed before the page's script ran (no
 * error event reached React) is found on mount: complete with no pixels (a lazy image not loaded
 * yet is not complete).
 */
export function AdImage({
  imageBase,
  image,
  alt,
}: {
  imageBase: string;
  image: string;
  alt: string;
}) {
  const ref = useRef<HTMLImageElement>(null);
  const [ext, setExt] = useState<Ext>('png');
  const fail = () => setExt((e) => (e === 'png' ? 'jpg' : 'none'));
  useEffect(() => {
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0) {
      setExt((e) => (e === 'png' ? 'jpg' : 'none'));
    }
  }, []);
  const png = adImageUrl(imageBase, image, 'png');
  const jpg = adImageUrl(imageBase, image, 'jpg');
  return (
    <div
      className={styles.frame}
      data-ad-image=""
      style={{ '--ad-png': `url("${png}")`, '--ad-jpg': `url("${jpg}")` } as CSSProperties}
    >
      {ext === 'none' ? (
        <div className={styles.noImage} />
      ) : (
        <img
          ref={ref}
          key={ext}
          src={ext === 'png' ? png : jpg}
          alt={alt}
          width={AD_IMAGE_SIZE}
          height={AD_IMAGE_SIZE}
          // Below the fold on most screens, and only the first few cards show at once.
          loading="lazy"
          decoding="async"
          className={styles.image}
          onError={fail}
        />
      )}
    </div>
  );
}

/** The words after an external link's text (it leaves the site for the external weekly ad). */
export const EXTERNAL_LINK_NOTE = '(opens the weekly ad on another site)';

/**
 * An ad card (docs/reference/weekly-ad.md "Home page preview"): product image, title, detail lines,
 * custom text lines, price with optional unit, the store and the ad's dates, end-date line;
 * 200×350, title and details clamped at 4 lines. The title links to the weekly ad and its link covers the card.
 */
export function AdCardView({
  card,
  imageBase,
  link,
  store,
}: {
  card: AdCard;
  imageBase: string;
  link: PreviewLink;
  /** The name of the store whose ad it is; null: the retailer's own ad. */
  store: string | null;
}) {
  return (
    <article className={styles.card} data-testid="ad-card">
      <AdImage imageBase={imageBase} image={card.image} alt={card.title} />
      <div className={styles.body}>
        <h3 className={styles.title}>
          {/* A plain link: the slider turns a click on an internal one into an in-app
              navigation (one handler for the row instead of a Link per card). */}
          <a
            href={link.href}
            className={styles.link}
            data-internal-link={link.external ? undefined : ''}
          >
            {card.title}
            {link.external ? <span className={srOnly}> {EXTERNAL_LINK_NOTE}</span> : null}
          </a>
        </h3>
        {card.details.length ? (
          <p className={styles.details}>
            {card.details.map((line, i) => (
              <Fragment key={i}>
                {i ? <br /> : null}
                {line}
              </Fragment>
            ))}
          </p>
        ) : null}
        {card.customText.map((line, i) => (
          <p key={i} className={styles.custom}>
            {line}
          </p>
        ))}
      </div>
      <div className={styles.footer}>
        {card.price ? (
          <p className={styles.price} data-testid="ad-price">
            {card.price.amount}
            {card.price.unit ? <span className={styles.unit}> / {card.price.unit}</span> : null}
          </p>
        ) : null}
        {store ? (
          <p className={styles.whose} data-testid="ad-card-store">
            {store}
          </p>
        ) : null}
        {card.dates && card.dates !== card.ends ? (
          <p className={styles.whose} data-testid="ad-card-dates">
            {card.dates}
          </p>
        ) : null}
        {card.ends ? <p className={styles.ends}>{card.ends}</p> : null}
      </div>
    </article>
  );
}

/** A card's shape while the cards load (skeleton cards while loading). */
export function AdCardSkeleton() {
  return (
    <div className={styles.skeleton} aria-hidden="true" data-testid="ad-card-skeleton">
      <div className={styles.frame}>
        <div className={styles.noImage} />
      </div>
      <div className={styles.skeletonBar} style={{ width: '90%' }} />
      <div className={styles.skeletonBar} style={{ width: '70%' }} />
      <div className={styles.skeletonBar} style={{ width: '50%', marginTop: 'auto' }} />
    </div>
  );
}
