import { Link } from '@remix-run/react';
import { describe, expect, it, vi } from 'vitest';
import { renderServer } from '@test/render';
import { followInApp, plainPath, SiteLink } from './site-link';

const addresses = [
  '/',
  '/weekly-ad',
  '/posts/recipes/wedding-cake',
  '/account/',
  '/digital-coupons?category=Dairy&sort=featured',
  '/a/./b',
  '/a/../b',
  '/x?',
  '/x#top',
  '/caf%C3%A9',
  '/with space',
  'relative/path',
  '//elsewhere.example/x',
  'https://example.com/x',
];

describe('SiteLink', () => {
  it('tells the paths Link writes unchanged', () => {
    expect(addresses.filter(plainPath)).toEqual([
      '/',
      '/weekly-ad',
      '/posts/recipes/wedding-cake',
      '/account/',
      '/digital-coupons?category=Dairy&sort=featured',
    ]);
  });

  it('writes the same anchor as a Remix Link for every site address', async () => {
    for (const to of addresses.filter((a) => !/^(https:|\/\/)/.test(a))) {
      for (const at of ['/', '/account/receipts']) {
        const mine = await renderServer(
          <SiteLink to={to} className="c">
            Go <b>there</b>
          </SiteLink>,
          at,
        );
        const link = await renderServer(
          <Link to={to} className="c">
            Go <b>there</b>
          </Link>,
          at,
        );
        expect(mine, `${to} at ${at}`).toBe(link);
      }
    }
  });

  it('writes a test id where Link writes it', async () => {
    for (const to of ['/', '/a/../b']) {
      expect(
        await renderServer(
          <SiteLink to={to} className="c" testId="logo">
            Home
          </SiteLink>,
        ),
      ).toBe(
        await renderServer(
          <Link to={to} className="c" data-testid="logo">
            Home
          </Link>,
        ),
      );
    }
  });

  it('writes an outside address as a plain anchor', async () => {
    expect(await renderServer(<SiteLink to="https://example.com/x">Out</SiteLink>)).toBe(
      '<a href="https://example.com/x">Out</a>',
    );
  });
});

describe('following a site link', () => {
  const click = (extra: Partial<Parameters<typeof followInApp>[0]> = {}) => ({
    defaultPrevented: false,
    button: 0,
    metaKey: false,
    ctrlKey: false,
    shiftKey: false,
    altKey: false,
    preventDefault: vi.fn(),
    ...extra,
  });
  const at = (pathname: string, search = '', hash = '') => ({ pathname, search, hash });

  it('navigates in the app on a plain click, replacing the entry for the current address', () => {
    const navigate = vi.fn();
    const first = click();
    followInApp(first, '/weekly-ad', at('/'), navigate);
    expect(first.preventDefault).toHaveBeenCalled();
    expect(navigate).toHaveBeenLastCalledWith('/weekly-ad', { replace: false });
    followInApp(click(), '/x?a=1', at('/x', '?a=1'), navigate);
    expect(navigate).toHaveBeenLastCalledWith('/x?a=1', { replace: true });
    followInApp(click(), '/x', at('/x', '', '#top'), navigate);
    expect(navigate).toHaveBeenLastCalledWith('/x', { replace: false });
  });

  it('leaves other clicks to the browser', () => {
    const navigate = vi.fn();
    for (const extra of [
      { button: 1 },
      { metaKey: true },
      { ctrlKey: true },
      { shiftKey: true },
      { altKey: true },
      { defaultPrevented: true },
    ]) {
      const event = click(extra);
      followInApp(event, '/weekly-ad', at('/'), navigate);
      expect(event.preventDefault).not.toHaveBeenCalled();
    }
    expect(navigate).not.toHaveBeenCalled();
  });
});
