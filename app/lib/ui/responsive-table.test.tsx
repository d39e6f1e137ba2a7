import { describe, expect, it } from 'vitest';
import { renderServer } from '@test/render';
import { StackedRow, TABLE_BREAKPOINT_PX, tablesNarrow, tablesWide } from './responsive-table';

describe('the responsive table', () => {
  it('switches at 769 px: the table from 769 up, the stacked list below', () => {
    expect(TABLE_BREAKPOINT_PX).toBe(769);
    expect(tablesWide).toBe('@media screen and (min-width: 769px)');
    expect(tablesNarrow).toBe('@media screen and (max-width: 768px)');
  });

  it('draws a row as a card: its title, then each column name and value in a list', async () => {
    const html = await renderServer(
      <ul>
        <StackedRow
          title={<p>Brand</p>}
          pairs={[
            { term: 'Times Redeemed', value: '2' },
            { term: 'Offer Value', value: '$1.00' },
          ]}
          valueClassName="v"
        />
      </ul>,
    );
    expect(html).toMatch(
      /^<ul><li class="[^"]+"><p>Brand<\/p><dl><div class="[^"]+"><dt class="[^"]+">Times Redeemed<\/dt><dd class="v">2<\/dd><\/div><div class="[^"]+"><dt class="[^"]+">Offer Value<\/dt><dd class="v">\$1.00<\/dd><\/div><\/dl><\/li><\/ul>$/,
    );
  });
});
