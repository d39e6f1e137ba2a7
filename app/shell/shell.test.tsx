import { describe, expect, it } from 'vitest';
import type { MenuItem } from '~/content/source/types';
import { myRewardsLabel } from '~/lib/tenant/public';
import { AccountMenu } from './account-menu';
import { AppBar } from './app-bar';
import { BarMenu } from './bar-menu';
import { CustomerServiceCard, telHref } from './customer-service-card';
import { SiteFooter, type SiteFooterProps } from './footer';
import { HomeStoreChooser } from '~/stores/home-store/chooser';
import { StoreSelector } from '~/stores/home-store/store-selector';
import type { ShellUser, StoreChoice } from './types';
import { MenuButton } from './menu-button';
import { PopupPost } from './popup-post';
import { renderServer, textOf } from '@test/render';
import { SearchBox } from './search-box';
import { SiteBanner } from './site-banner';

const item = (label: string, extra: Partial<MenuItem> = {}): MenuItem => ({
  label,
  to: `/${label.toLowerCase().replace(/\W+/g, '-')}`,
  drawerOnly: false,
  barOnly: false,
  post: null,
  form: null,
  children: [],
  ...extra,
});

const footerProps: SiteFooterProps = {
  items: [
    item('Shop', { to: null, children: [item('Weekly Ad'), item('Coupons')] }),
    item('About', { to: null, children: [item('Hours', { to: null, post: 'hours' })] }),
  ],
  embeds: { hours: '<p>Open daily 6 AM to 11 PM</p>' },
  retailerName: 'Demo Grocer',
  copyrightCredit: 'Member of a food-distribution cooperative',
  year: 2026,
  social: { facebook: 'https://facebook.example/demo', youtube: 'https://youtube.example/demo' },
  surveyUrl: 'https://survey.example/demo',
  customerService: { phone: '(435) 555-0100', hours: 'Mon-Fri 8 AM-5 PM MST' },
  adTrackingPixelUrl: 'https://pixel.example/p.gif',
  showSignup: true,
};

describe('site footer (server render)', () => {
  it('renders columns, embeds, social links, survey, card, copyright, pixel and signup slot', async () => {
    const html = await renderServer(<SiteFooter {...footerProps} />);
    const text = textOf(html);
    expect(html).toContain('<h2');
    expect(text).toContain('Shop');
    expect(html).toContain('href="/weekly-ad"');
    expect(html).toContain('Open daily 6 AM to 11 PM');
    expect(text).toContain('Facebook (opens in a new tab)');
    expect(text).toContain('YouTube (opens in a new tab)');
    expect(html).toMatch(
      /href="https:\/\/facebook\.example\/demo" target="_blank" rel="noopener noreferrer"/,
    );
    expect(html).toMatch(/href="https:\/\/survey\.example\/demo" target="_blank"/);
    expect(text).toContain('Take our survey (opens in a new tab)');
    expect(text).toContain('© 2026 Demo Grocer. Member of a food-distribution cooperative');
    expect(html).toMatch(/<img[^>]*src="https:\/\/pixel\.example\/p\.gif"[^>]*alt=""/);
    expect(html).toContain('data-slot="footer-signup"');
    expect(html).toContain('href="tel:4355550100"');
  });

  it('leaves out what the tenant hides', async () => {
    const html = await renderServer(
      <SiteFooter
        {...footerProps}
        social={null}
        surveyUrl={null}
        customerService={null}
        adTrackingPixelUrl={null}
        showSignup={false}
      />,
    );
    expect(html).not.toContain('opens in a new tab');
    expect(html).not.toContain('Customer Service');
    expect(html).not.toContain('pixel.example');
    expect(html).not.toContain('footer-signup');
  });
});

describe('customer service card', () => {
  it('shows the phone as a tel: link, the hours and the page link', async () => {
    const html = await renderServer(
      <CustomerServiceCard phone="+1 (801) 555-0120" hours="Mon-Sat 8 AM-6 PM MST" />,
    );
    expect(html).toContain('href="tel:+18015550120"');
    expect(textOf(html)).toContain('Mon-Sat 8 AM-6 PM MST');
    expect(html).toContain('href="/customer-service"');
    expect(telHref('(435) 555-0100')).toBe('tel:4355550100');
  });

  it('defaults the hours to the spec line', async () => {
    expect(textOf(await renderServer(<CustomerServiceCard phone="555-0100" />))).toContain(
      'Mon-Fri 8 AM-5 PM MST',
    );
  });
});

describe('account menu', () => {
  it('offers Log In and Register to a guest', async () => {
    const html = await renderServer(<AccountMenu user={null} />);
    expect(html).toMatch(/href="\/login"[^>]*>Log In/);
    expect(html).toMatch(/href="\/register"[^>]*>Register/);
  });

  it('greets a shopper with My Account and a Log Out form', async () => {
    const html = await renderServer(<AccountMenu user={{ firstName: 'Ana' }} />);
    expect(textOf(html)).toContain('Hey Ana!');
    expect(html).toContain('<details');
    expect(html).toContain('href="/account"');
    expect(html).toMatch(/<form[^>]*method="post"[^>]*action="\/logout"/);
  });
});

describe('app bar pieces without JavaScript', () => {
  it('the menu button is a link to the #site-nav list', async () => {
    const html = await renderServer(<MenuButton hydrated={false} open={false} onOpen={() => {}} />);
    expect(html).toMatch(/<a[^>]*href="#site-nav"/);
    expect(textOf(html)).toBe('Menu');
  });

  it('the search box is a labelled GET form to /search', async () => {
    const html = await renderServer(<SearchBox />);
    expect(html).toMatch(
      /<form[^>]*method="get"[^>]*action="\/search"[^>]*role="search"|<form[^>]*role="search"/,
    );
    expect(html).toContain('action="/search"');
    const id =
      /<input[^>]* id="([^"]+)"[^>]*name="q"/.exec(html)?.[1] ??
      /<input[^>]*name="q"[^>]* id="([^"]+)"/.exec(html)?.[1];
    expect(id).toBeTruthy();
    expect(html).toContain(`for="${id}"`);
    expect(html).toContain('type="search"');
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*aria-label="Search"/);
    // No combobox semantics until the script can drive the results menu.
    expect(html).not.toContain('role="combobox"');
  });

  it('the home-store chooser is a POST form with a labelled select and a Choose button', async () => {
    const html = await renderServer(
      <HomeStoreChooser
        locations={[
          {
            name: 'North',
            storeNumber: '1',
            slug: 'north',
            city: 'A',
            state: 'UT',
            hiddenInHomeSelector: false,
            hiddenInStoreSelector: false,
          },
          {
            name: 'South',
            storeNumber: '2',
            slug: 'south',
            city: 'B',
            state: 'UT',
            hiddenInHomeSelector: false,
            hiddenInStoreSelector: false,
          },
        ]}
        homeStore={{ storeNumber: '2', name: 'South', slug: 'south' }}
        redirectTo="/weekly-ad?x=1"
      />,
    );
    expect(html).toMatch(/<form[^>]*method="post"[^>]*action="\/home-store"/);
    expect(html).toContain('name="redirectTo" value="/weekly-ad?x=1"');
    const id = /<select[^>]* id="([^"]+)"/.exec(html)?.[1];
    expect(html).toContain(`for="${id}"`);
    expect(html).toMatch(/<option value="2" selected="">South<\/option>/);
    expect(textOf(html)).toContain('Choose');
    // A guest has no home store to save: no checkbox.
    expect(html).not.toContain('name="makeHome"');
  });

  it("the chooser gives a signed-in shopper the 'Make this my home store' checkbox", async () => {
    const html = await renderServer(
      <HomeStoreChooser locations={stores} homeStore={null} redirectTo="/" signedIn />,
    );
    expect(html).toMatch(
      /<label[^>]*><input type="checkbox" name="makeHome"\/>Make this my home store<\/label>/,
    );
    expect(html).toMatch(/<option value="" disabled="" selected="">Select a store<\/option>/);
  });
});

const stores: StoreChoice[] = [
  ['North', '1', false],
  ['South', '2', false],
  ['Far', '3', true],
].map(([name, storeNumber, hiddenInHomeSelector]) => ({
  name: String(name),
  storeNumber: String(storeNumber),
  slug: String(name).toLowerCase(),
  city: 'Town',
  state: 'UT',
  hiddenInHomeSelector: Boolean(hiddenInHomeSelector),
  hiddenInStoreSelector: false,
}));

describe('the drawer store selector (server render: the page without JavaScript)', () => {
  const render = (user: ShellUser | null) =>
    renderServer(
      <StoreSelector
        locations={stores}
        homeStore={{ storeNumber: '2', name: 'South', slug: 'south' }}
        redirectTo="/posts"
        user={user}
      />,
    );
  const row = (html: string, storeNumber: string) =>
    html.match(new RegExp(`<li[^>]*data-store="${storeNumber}"[\\s\\S]*?</li>`))?.[0] ?? '';

  it('lets a guest shop at another store, and offers no switch', async () => {
    const html = await render(null);
    const north = row(html, '1');
    expect(north).toContain('name="intent" value="choose-home-store"');
    expect(north).toContain('name="storeNumber" value="1"');
    expect(textOf(north)).toContain('Shop here at North');
    expect(north).not.toContain('makeHome');
    expect(textOf(row(html, '2'))).toContain('My store');
    expect(html).not.toContain('role="switch"');
    // Hidden from the home selector: listed, without a button.
    expect(textOf(row(html, '3'))).toContain('Far');
    expect(row(html, '3')).not.toContain('<form');
  });

  it("gives a shopper the chosen row's switch with a Save button, and the checkbox elsewhere", async () => {
    const html = await render({ firstName: 'Ann', savedStoreNumber: '1' });
    const south = row(html, '2');
    const input = south.match(/<input[^>]*role="switch"[^>]*>/)?.[0] ?? '';
    expect(input).toContain('name="makeHome"');
    expect(input).not.toContain('checked');
    expect(input).not.toContain('aria-disabled');
    expect(south).toContain('name="intent" value="choose-home-store"');
    expect(south).toMatch(/<button type="submit"[^>]*>Save<\/button>/);
    expect(textOf(south)).toContain('Make this my home store');
    expect(row(html, '1')).toContain('name="makeHome"');
  });

  it('shows the switch on and locked when the chosen store already is the saved one', async () => {
    const html = await render({ firstName: 'Ann', savedStoreNumber: '2' });
    const south = row(html, '2');
    const input = south.match(/<input[^>]*role="switch"[^>]*>/)?.[0] ?? '';
    expect(input).toContain('checked');
    expect(input).toContain('aria-disabled="true"');
    expect(textOf(south)).toContain('South');
    expect(south).not.toContain('>Save<');
  });
});

describe('client-only pieces render nothing on the server', () => {
  it('popup post', async () => {
    const html = await renderServer(
      <PopupPost
        popup={{ slug: 'app', title: 'Get the app', html: '<p>Hi</p>', displayFrequency: 30 }}
      />,
    );
    expect(textOf(html)).toBe('');
  });

  it('site banner has no close button before hydration', async () => {
    const html = await renderServer(
      <SiteBanner
        banner={{
          slug: 'b',
          class: 'promo',
          content: '<p>Big <strong>sale</strong></p>',
          desktopImage: '/images/d.png',
          mobileImage: '/images/m.png',
          link: '/weekly-ad',
          altText: 'Weekly savings',
        }}
      />,
    );
    expect(html).toContain('Big <strong>sale</strong>');
    expect(html).toMatch(/<source media="\(max-width: 47.99em\)" srcSet="\/images\/m.png"/i);
    expect(html).toContain('alt="Weekly savings"');
    expect(html).toContain('href="/weekly-ad"');
    expect(html).not.toContain('Close announcement');
  });
});

describe('bar menu', () => {
  it('renders links, and groups as <details> disclosures that open without JavaScript', async () => {
    const html = await renderServer(
      <BarMenu
        label="Main"
        items={[
          item('Weekly Ad'),
          item('Departments', { to: null, children: [item('Bakery'), item('Deli')] }),
        ]}
      />,
    );
    expect(html).toMatch(/<nav aria-label="Main">/);
    expect(html).toContain('href="/weekly-ad"');
    expect(html).toMatch(/<details[^>]*>.*<summary[^>]*>Departments/s);
    expect(html).toContain('href="/bakery"');
  });
});

describe('the My Rewards button', () => {
  const bar = (user: ShellUser | null, myRewards: string | null) => (
    <AppBar
      retailerName="Demo Grocer"
      logo={null}
      mainItems={[]}
      mainTopItems={[]}
      showSearch={false}
      chooser={null}
      user={user}
      myRewards={myRewards}
      hydrated={false}
      drawerOpen={false}
      onOpenDrawer={() => undefined}
    />
  );

  it('leads a shopper to /rewards, named as the brand words it', async () => {
    const html = await renderServer(bar({ firstName: 'Ava' }, 'My Perks'));
    const button = html.match(/<a[^>]*data-testid="my-rewards-button"[^>]*>([^<]*)<\/a>/);
    expect(button?.[0]).toContain('href="/rewards"');
    expect(button?.[1]).toBe('My Perks');
  });

  it('is not there for a guest, nor when the brand hides it', async () => {
    expect(await renderServer(bar(null, 'My Rewards'))).not.toContain('my-rewards-button');
    expect(await renderServer(bar({ firstName: 'Ava' }, null))).not.toContain('my-rewards-button');
  });

  it("says 'My Perks' for a Perks-branded brand, else 'My Rewards'", () => {
    expect(myRewardsLabel({ rewards: { perksWording: true } })).toBe('My Perks');
    expect(myRewardsLabel({ rewards: { perksWording: false } })).toBe('My Rewards');
  });
});
