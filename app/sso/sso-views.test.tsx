import { describe, expect, it } from 'vitest';
import { renderServer, textOf } from '@test/render';
import { SSO_PROBLEM_HEADING, SsoPage } from './sso-views';

/* The single-sign-on pages' frame: their own view, or the problem page of a refused request. */

type Page = { view: 'problem'; problem: { message: string } } | { view: 'login'; name: string };

const render = (page: Page, answer: unknown = undefined, wide = false) =>
  renderServer(
    <SsoPage page={page} answer={answer} wide={wide}>
      {(view) => <h1 id="sso-heading">Hello {view.name}</h1>}
    </SsoPage>,
  );

describe('SsoPage', () => {
  it("renders the page's own view from the loader's answer, in the card it names", async () => {
    const html = await render({ view: 'login', name: 'Ann' });
    expect(textOf(html)).toBe('Hello Ann');
    expect(html).toMatch(/<section[^>]*aria-labelledby="sso-heading"/);
  });

  it("shows the problem page when the loader refused the request, and never the page's view", async () => {
    const html = await render({ view: 'problem', problem: { message: 'Unknown partner.' } });
    expect(textOf(html)).toContain(SSO_PROBLEM_HEADING);
    expect(textOf(html)).toContain('Unknown partner.');
    expect(html).toMatch(/role="alert"/);
  });

  it("shows the action's refusal of a posted request, in the narrow card", async () => {
    const answer = { view: 'problem', problem: { message: 'The posted request was refused.' } };
    const wide = await render({ view: 'login', name: 'Ann' }, undefined, true);
    const refused = await render({ view: 'login', name: 'Ann' }, answer, true);
    expect(textOf(refused)).toContain('The posted request was refused.');
    expect(textOf(refused)).not.toContain('Hello');
    const mainClass = (html: string) => /<main[^>]*class="([^"]*)"/.exec(html)?.[1];
    expect(mainClass(refused)).not.toBe(mainClass(wide));
    // Any other answer (a refused form) leaves the page's view.
    const form = await render({ view: 'login', name: 'Ann' }, { intent: 'login', result: {} });
    expect(textOf(form)).toBe('Hello Ann');
  });
});
