import type { ReactNode } from 'react';
import { sx } from '~/lib/theme/static-css';
import { panelStyle } from './styles';

/** A coupon card's height: the digital coupons' and the rewards' instant-savings cards alike. */
export const COUPON_CARD_HEIGHT = 350;
/** The product image's square box on a card. */
export const COUPON_CARD_IMAGE_SIZE = 120;
export const PLACEHOLDER_IMAGE = '/images/placeholder.svg';

/** The box of a product card (coupons, reward coupons, weekly-ad cards): a raised tile. */
export const productCardBoxStyle = {
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  borderWidth: '1px',
  borderRadius: 'l3',
  bg: 'bg',
  shadow: 'xs',
  overflow: 'hidden',
} as const;

/** The list of coupon cards: as many 200-wide columns as fit. */
export const couponGridStyle = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
  gap: '4',
  listStyleType: 'none',
  p: '0',
} as const;

const card = {
  ...productCardBoxStyle,
  alignItems: 'center',
  textAlign: 'center',
  h: `${COUPON_CARD_HEIGHT}px`,
  p: '4',
} as const;

const link = {
  color: 'fg',
  textDecoration: 'none',
  _hover: { textDecoration: 'underline' },
  _focusVisible: { outline: '2px solid', outlineColor: 'brand.solid', outlineOffset: '2px' },
  // The whole card opens the coupon (one link per card: the image is part of it).
  _after: { content: '""', position: 'absolute', inset: '0', borderRadius: 'l3' },
} as const;

/**
 * The two looks of a card: `coupon` (a digital coupon: tight lines, the summary in small type up
 * to three lines) and `reward` (an instant-savings coupon: the offer in bold up to two lines, a
 * shadow on hover).
 */
const looks = {
  coupon: {
    card: sx({ ...card, gap: '1' }),
    link: sx({ ...link, fontSize: 'sm', lineClamp: 3 }),
  },
  reward: {
    card: sx({ ...card, gap: '2', _hover: { shadow: 'md' } }),
    link: sx({ ...link, fontWeight: 'bold', lineClamp: 2 }),
  },
};
const image = sx({
  w: `${COUPON_CARD_IMAGE_SIZE}px`,
  h: `${COUPON_CARD_IMAGE_SIZE}px`,
  objectFit: 'contain',
  mt: '2',
  flexShrink: 0,
});

/**
 * An offer's product picture, decorative (the text beside it names the offer), square, its room
 * reserved by its size; the placeholder when the offer has none. `lazy` for a card in a list (a
 * page holds dozens), not for a dialog's, which shows at once.
 */
export function ProductImage({
  src,
  size,
  className,
  lazy = false,
}: {
  src: string | null | undefined;
  size: number;
  className: string;
  lazy?: boolean;
}) {
  return (
    <img
      className={className}
      src={src || PLACEHOLDER_IMAGE}
      alt=""
      width={size}
      height={size}
      loading={lazy ? 'lazy' : undefined}
      decoding={lazy ? 'async' : undefined}
    />
  );
}

export interface CouponCardBodyProps {
  look: keyof typeof looks;
  testId: string;
  image: string | null | undefined;
  /** The card's one link (it covers the card), and the card's name when `named`. */
  link: {
    id: string;
    href: string;
    text: ReactNode;
    /** The data attribute a list's delegated click handler finds it by (useDelegatedLinks). */
    attribute: `data-${string}`;
  };
  /** The card (an article) is named by its link's text. */
  named?: boolean;
  /** Before the image (a badge set over the card's corner). */
  badge?: ReactNode;
  /** Between the image and the link (the brand's name). */
  above?: ReactNode;
  /** After the link: the card's lines and its action. */
  children?: ReactNode;
}

/**
 * The body of a coupon card, 350 high: the product image (lazy, its room reserved), the link
 * that opens the coupon and covers the whole card, and the caller's lines around it. The digital
 * coupons' cards and the rewards' instant-savings cards are this one card.
 */
export function CouponCardBody({
  look,
  testId,
  image: src,
  link: { id, href, text, attribute },
  named = false,
  badge,
  above,
  children,
}: CouponCardBodyProps) {
  const styles = looks[look];
  return (
    <article className={styles.card} aria-labelledby={named ? id : undefined} data-testid={testId}>
      {badge}
      <ProductImage className={image} src={src} size={COUPON_CARD_IMAGE_SIZE} lazy />
      {above}
      <a id={id} href={href} className={styles.link} {...{ [attribute]: '' }}>
        {text}
      </a>
      {children}
    </article>
  );
}

/** A coupon's dialog width (the digital coupon's details, a reward coupon). */
export const COUPON_DIALOG_WIDTH = 700;
/** The product image's box in a coupon's dialog. */
export const COUPON_DETAIL_IMAGE_SIZE = 160;

const detail = {
  // Without JavaScript a coupon's dialog is a section at the top of the page, as wide as it.
  section: sx({
    ...panelStyle,
    p: '5',
    mb: '6',
    maxW: `${COUPON_DIALOG_WIDTH}px`,
    mx: 'auto',
  }),
  facts: sx({
    fontSize: 'sm',
    '& dt': { fontWeight: 'semibold', display: 'inline' },
    '& dd': { display: 'inline', ms: '1' },
  }),
  body: sx({ display: 'flex', gap: '5', flexDirection: { base: 'column', sm: 'row' } }),
  image: sx({
    w: `${COUPON_DETAIL_IMAGE_SIZE}px`,
    h: `${COUPON_DETAIL_IMAGE_SIZE}px`,
    objectFit: 'contain',
    flexShrink: 0,
    alignSelf: 'center',
  }),
};

/** The class of a coupon dialog's section on the page without JavaScript. */
export const couponDialogSection = detail.section;

/**
 * A coupon's facts ('Expires', 'Limit'…) as a description list, each term and its value on a
 * line of their own; a fact without a value (null) is left out.
 */
export function CouponFacts({
  facts,
  className,
}: {
  facts: { term: string; value: ReactNode }[];
  /** Spacing after the list, where more follows it. */
  className?: string;
}) {
  return (
    <dl className={className ? `${detail.facts} ${className}` : detail.facts}>
      {facts.map(({ term, value }) =>
        value === null ? null : (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ),
      )}
    </dl>
  );
}

/**
 * The body of a coupon's dialog: the product image (160 square; a column on a phone, beside the
 * text from the small breakpoint) and the caller's text. The image loads at once: the dialog
 * shows it as soon as it opens.
 */
export function CouponDetailBody({
  image: src,
  children,
}: {
  image: string | null | undefined;
  children: ReactNode;
}) {
  return (
    <div className={detail.body}>
      <ProductImage className={detail.image} src={src} size={COUPON_DETAIL_IMAGE_SIZE} />
      <div>{children}</div>
    </div>
  );
}
