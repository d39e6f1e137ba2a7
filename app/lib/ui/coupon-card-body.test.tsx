import { describe, expect, it } from 'vitest';
import { renderServer, textOf } from '@test/render';
import { CouponCardBody, CouponDetailBody, CouponFacts, ProductImage } from './coupon-card-body';

const link = {
  id: 'card-1',
  href: '/digital-coupons?offerCode=1',
  text: 'Save $1 on cereal',
  attribute: 'data-details-link' as const,
};

describe('CouponCardBody (server render)', () => {
  it('is an article with the lazy image, the covering link and the lines in order', async () => {
    const extras = { named: true, badge: <span>Featured</span>, above: <p>Brand</p> };
    const html = await renderServer(
      <CouponCardBody look="coupon" testId="coupon-card" image="/img/1.png" link={link} {...extras}>
        <p>Expires today!</p>
      </CouponCardBody>,
    );
    expect(html).toMatch(/^<article [^>]*aria-labelledby="card-1"[^>]*data-testid="coupon-card"/);
    const img = html.match(/<img [^>]*>/)?.[0] ?? '';
    for (const attribute of ['src="/img/1.png"', 'alt=""', 'width="120"', 'height="120"']) {
      expect(img).toContain(attribute);
    }
    expect(img).toContain('loading="lazy"');
    expect(html).toMatch(
      /<a id="card-1" href="\/digital-coupons\?offerCode=1" class="[^"]+" data-details-link="">Save \$1 on cereal<\/a>/,
    );
    expect(textOf(html)).toBe('Featured Brand Save $1 on cereal Expires today!');
  });

  it('unnamed, without an image: no aria-labelledby, the placeholder, the given link marker', async () => {
    const html = await renderServer(
      <CouponCardBody
        look="reward"
        testId="reward-coupon"
        image={null}
        link={{ ...link, attribute: 'data-coupon-link' }}
      />,
    );
    expect(html).not.toContain('aria-labelledby');
    expect(html).toContain('src="/images/placeholder.svg"');
    expect(html).toContain('data-coupon-link=""');
    expect(html).not.toContain('data-details-link');
  });

  it('gives the two looks their own classes', async () => {
    const coupon = await renderServer(
      <CouponCardBody look="coupon" testId="a" image={null} link={link} />,
    );
    const reward = await renderServer(
      <CouponCardBody look="reward" testId="a" image={null} link={link} />,
    );
    expect(coupon).not.toBe(reward);
  });
});

describe('ProductImage and CouponDetailBody', () => {
  it('a dialog image loads at once; a card image lazily', async () => {
    const eager = await renderServer(<ProductImage src="/a.png" size={160} className="x" />);
    expect(eager).toContain('width="160"');
    expect(eager).not.toContain('loading=');
    const lazy = await renderServer(<ProductImage src="" size={64} className="x" lazy />);
    expect(lazy).toContain('src="/images/placeholder.svg"');
    expect(lazy).toContain('loading="lazy"');
    expect(lazy).toContain('decoding="async"');
  });

  it('puts the 160 image beside the text', async () => {
    const html = await renderServer(
      <CouponDetailBody image="/a.png">
        <p>Text</p>
      </CouponDetailBody>,
    );
    expect(html).toMatch(
      /^<div class="[^"]+"><img [^>]*width="160"[^>]*\/><div><p>Text<\/p><\/div><\/div>$/,
    );
  });
});

describe('CouponFacts', () => {
  it('lists each fact with a value as a term and its value, leaving out the ones without', async () => {
    const html = await renderServer(
      <CouponFacts
        facts={[
          { term: 'Expires', value: 'Dec 1' },
          { term: 'Limit', value: null },
          { term: 'Value', value: 0 },
        ]}
      />,
    );
    expect(html).toMatch(
      /^<dl class="[^"]+"><div><dt>Expires<\/dt><dd>Dec 1<\/dd><\/div><div><dt>Value<\/dt><dd>0<\/dd><\/div><\/dl>$/,
    );
  });
});
