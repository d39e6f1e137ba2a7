import { describe, expect, it } from 'vitest';
import { renderServer } from '@test/render';
import { FormDialogLink } from './form-dialog';

describe('FormDialogLink (server render)', () => {
  it("is a link to the form's page until the page is hydrated (the no-JavaScript fallback)", async () => {
    const html = await renderServer(
      <FormDialogLink slug="ad-request" to="/forms/ad-request">
        Advertise with us
      </FormDialogLink>,
    );
    expect(html).toMatch(/<a[^>]*href="\/forms\/ad-request"[^>]*>Advertise with us<\/a>/);
    expect(html).not.toContain('<button');
    expect(html).not.toContain('role="dialog"');
  });
});
