import { describe, expect, it } from 'vitest';
import { renderServer, textOf } from '@test/render';
import { FormDialogShell } from './chakra-dialog';

const shell = (open: boolean, fullScreenOnPhone?: boolean) =>
  renderServer(
    <FormDialogShell
      open={open}
      onOpenChange={() => {}}
      onExitComplete={() => {}}
      width={500}
      title="Sign up"
      testId="a-dialog"
      fullScreenOnPhone={fullScreenOnPhone}
    >
      <p>The form</p>
    </FormDialogShell>,
  );

const contentClass = (html: string) =>
  html.match(/<div [^>]*role="dialog"[^>]*class="([^"]+)"/)?.[1] ?? '';

describe('FormDialogShell (server render)', () => {
  it('open: a modal dialog named by its title, with the form and a close button named Close', async () => {
    const html = await shell(true);
    expect(html).toMatch(
      /<div [^>]*role="dialog"[^>]*aria-modal="true"[^>]*data-testid="a-dialog"/,
    );
    const labelledBy = html.match(/role="dialog"[^>]*aria-labelledby="([^"]+)"/)?.[1];
    expect(html).toContain(`id="${labelledBy}"`);
    expect(html).toMatch(/<h2 [^>]*>Sign up<\/h2>/);
    expect(html).toMatch(/<button type="button" aria-label="Close"/);
    expect(textOf(html)).toBe('Sign up The form');
  });

  it('is not in the page before its first opening', async () => {
    expect(await shell(false)).toBe('');
  });

  it("takes a phone's whole screen only when asked (a long form)", async () => {
    expect(contentClass(await shell(true, true))).not.toBe(contentClass(await shell(true)));
    expect(contentClass(await shell(true, false))).toBe(contentClass(await shell(true)));
  });
});
