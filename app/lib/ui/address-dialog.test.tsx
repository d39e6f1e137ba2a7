import { describe, expect, it } from 'vitest';
import { renderServer, textOf } from '@test/render';
import { AddressDialog } from './address-dialog';

const section = {
  className: 'sec',
  titleId: 'thing-title',
  titleClassName: 'ttl',
  testId: 'thing',
  closeText: 'Close details',
  closeClassName: 'cls',
};

describe('AddressDialog before hydration (the page without JavaScript)', () => {
  it('is a section named by its heading, the contents, and a link that closes it', async () => {
    const html = await renderServer(
      <AddressDialog
        title="A coupon"
        closeTo="/rewards?x=1"
        dialog={{ closeLabel: 'Close' }}
        section={section}
      >
        <p>Inside</p>
      </AddressDialog>,
      '/rewards?coupon=1',
    );
    expect(html).toMatch(
      /^<section class="sec" aria-labelledby="thing-title" data-testid="thing"><h2 id="thing-title" class="ttl">A coupon<\/h2><p>Inside<\/p><a [^>]*href="\/rewards\?x=1"[^>]*>Close details<\/a><\/section>$/,
    );
    expect(html).not.toContain('role="dialog"');
  });

  it('shows the static contents where they differ, and no test id when none is given', async () => {
    const html = await renderServer(
      <AddressDialog
        title="Details"
        closeTo="/rewards"
        dialog={{}}
        section={{ ...section, testId: undefined }}
        staticChildren={<nav>Tabs as links</nav>}
      >
        <p>Tabs</p>
      </AddressDialog>,
    );
    expect(textOf(html)).toBe('Details Tabs as links Close details');
    expect(html).not.toContain('data-testid');
  });
});
