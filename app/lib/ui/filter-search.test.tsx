import { describe, expect, it } from 'vitest';
import { renderServer } from '@test/render';
import { FilterSearch, type FilterSearchProps } from './filter-search';

const props: FilterSearchProps = {
  action: '/weekly-ad',
  name: 'Search the weekly ad',
  label: 'Search the ad',
  look: 'aside',
  value: 'milk',
  onChange: () => {},
  maxLength: 80,
  status: '3 items match “milk”.',
  statusTestId: 'ad-text-status',
};

describe('FilterSearch (server render)', () => {
  it('is a named GET search landmark with a labelled search field q and a Search button', async () => {
    const html = await renderServer(<FilterSearch {...props} />);
    expect(html).toMatch(
      /<form method="get" action="\/weekly-ad" role="search" aria-label="Search the weekly ad"/,
    );
    const input = html.match(/<input [^>]*>/)?.[0] ?? '';
    const id = input.match(/id="([^"]+)"/)?.[1];
    expect(html).toContain(`<label for="${id}"`);
    expect(input).toContain('name="q"');
    expect(input).toContain('type="search"');
    expect(input).toContain('value="milk"');
    expect(input).toContain('maxLength="80"');
    expect(input).not.toContain('autoComplete');
    expect(html).toMatch(/<button type="submit" [^>]*>Search<\/button><\/form>/);
  });

  it('says what matched in a polite live region after the form, and sends the hidden fields', async () => {
    const html = await renderServer(
      <FilterSearch
        {...props}
        autoComplete="off"
        hidden={<input type="hidden" name="location" value="12" />}
      />,
    );
    expect(html).toMatch(
      /<\/form><p class="[^"]+" role="status" aria-live="polite" aria-atomic="true" data-testid="ad-text-status">3 items match “milk”.<\/p>$/,
    );
    expect(html).toContain('<input type="hidden" name="location" value="12"/>');
    expect(html).toContain('autoComplete="off"');
  });

  it('draws its two looks differently', async () => {
    const aside = await renderServer(<FilterSearch {...props} />);
    const page = await renderServer(<FilterSearch {...props} look="page" />);
    const button = (html: string) => html.match(/<button [^>]*class="([^"]+)"/)?.[1];
    expect(button(aside)).not.toBe(button(page));
  });
});
