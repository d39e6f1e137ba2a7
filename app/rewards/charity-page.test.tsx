import { describe, expect, it } from 'vitest';
import { renderServer, textOf } from '@test/render';
import { UNAVAILABLE_MESSAGE } from '~/lib/loyalty/errors';
import { CHARITY_UPDATED_MESSAGE, charityOptions, type CharityRecord } from './charity';
import { CharityPage } from './charity-page';
import type { CharityPageData } from './charity.server';

/** The page as the server renders it: what a browser without JavaScript keeps. */
const record = (charityId: string, notes: string, charityDescription: string, zipCode: string) =>
  ({ charityId, notes, charityDescription, zipCode }) satisfies CharityRecord;

const CHARITIES = charityOptions([
  record('1', 'Pine Creek Elementary', 'Pine Creek School District', '84770'),
  record('2', 'Pine Creek High School', 'Pine Creek School District', '84770'),
  record('3', 'Sagebrush Elementary', 'Canyon View School District', '84720'),
  record('4', 'Hope Valley Food Bank', 'Community Food and Shelter', '84720'),
]);

function page(extra: Partial<CharityPageData> = {}): CharityPageData {
  return {
    variant: 'grouped',
    q: '',
    notice: null,
    picker: { status: 'ok', charities: CHARITIES, current: CHARITIES[2] },
    ...extra,
  };
}

const render = (data: CharityPageData, path = '/rewards/charity') =>
  renderServer(<CharityPage data={data} />, path);

/** The <li> of one charity, by id. */
const item = (html: string, id: string) =>
  html.match(new RegExp(`<li[^>]*data-charity="${id}"[^>]*>[\\s\\S]*?</li>`))?.[0] ?? '';

describe('charity page, grouped', () => {
  it('states the current charity and checks it; one fieldset with a legend per group', async () => {
    const html = await render(page());
    const text = textOf(html);
    expect(text).toContain('Choose Your Charity');
    expect(text).toContain('You support Pine Creek High School.');
    const legends = [...html.matchAll(/<legend[^>]*>([^<]*)<\/legend>/g)].map((m) => m[1]);
    expect(legends).toEqual([
      'Canyon View School District',
      'Community Food and Shelter',
      'Pine Creek School District',
    ]);
    expect(html.match(/<fieldset/g)).toHaveLength(3);
    expect(html.match(/type="radio"/g)).toHaveLength(4);
    expect(html.match(/name="charityId"/g)).toHaveLength(4);
    expect(item(html, '2')).toMatch(/checked=""/);
    expect(html.match(/checked=""/g)).toHaveLength(1);
    // A real post to the page, no search box.
    expect(html).toMatch(/<form[^>]*method="post"[^>]*action="\/rewards\/charity"/);
    expect(html).not.toContain('role="search"');
    expect(text).toContain('Save My Charity');
  });

  it('a shopper without a charity: said so, nothing checked', async () => {
    const html = await render(
      page({ picker: { status: 'ok', charities: CHARITIES, current: null } }),
    );
    expect(textOf(html)).toContain('You have not chosen a charity yet.');
    expect(html).not.toContain('checked=""');
  });

  it('the notice is a status message on the page without JavaScript', async () => {
    const html = await render(page({ notice: CHARITY_UPDATED_MESSAGE }));
    expect(html).toMatch(
      /role="status"[^>]*data-form-alert="success"[^>]*><p>Your charity has been updated\.<\/p>/,
    );
    const already = await render(
      page({ notice: 'Hope Valley Food Bank is already your charity.' }),
    );
    expect(already).toMatch(/data-form-alert="info"/);
  });

  it('the service down: the short message, no form', async () => {
    const html = await render(
      page({ picker: { status: 'unavailable', message: UNAVAILABLE_MESSAGE } }),
    );
    expect(textOf(html)).toContain(UNAVAILABLE_MESSAGE);
    expect(html).not.toContain('type="radio"');
    expect(html).not.toContain('method="post"');
  });
});

describe('charity page, schools', () => {
  it('a GET search form; without a search every school shows, with its district and ZIP', async () => {
    const html = await render(page({ variant: 'schools' }));
    const text = textOf(html);
    expect(text).toContain('Choose Your School or Cause');
    expect(html).toMatch(
      /<form[^>]*method="get"[^>]*action="\/rewards\/charity"[^>]*role="search"/,
    );
    expect(html).toMatch(/<input[^>]*name="q"[^>]*type="search"[^>]*value=""/);
    expect(html.match(/<fieldset/g)).toHaveLength(1);
    expect(html).not.toMatch(/<li[^>]*hidden/);
    expect(textOf(item(html, '3'))).toBe(
      'Sagebrush Elementary , Canyon View School District · 84720',
    );
    expect(text).toContain('Save My Choice');
  });

  it('the search (q) leaves the other schools out, hidden, the choice kept; the count said', async () => {
    const html = await render(
      page({ variant: 'schools', q: 'pine elem' }),
      '/rewards/charity?q=pine+elem',
    );
    expect(html).toMatch(/<input[^>]*name="q"[^>]*value="pine elem"/);
    expect(item(html, '1')).not.toMatch(/<li[^>]*hidden/);
    for (const id of ['2', '3', '4']) expect(item(html, id)).toMatch(/<li[^>]*hidden/);
    // The current school is left out of the search but still checked (a post keeps it).
    expect(item(html, '2')).toMatch(/checked=""/);
    expect(html).toMatch(/role="status" aria-live="polite"[^>]*>1 match for “pine elem”\.<\/p>/);
  });

  it('no match: said so', async () => {
    const html = await render(page({ variant: 'schools', q: '99999' }), '/rewards/charity?q=99999');
    expect(textOf(html)).toContain('No matches for “99999”.');
  });
});
