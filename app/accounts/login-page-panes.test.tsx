import { parseWithZod } from '@conform-to/zod';
import { describe, expect, it } from 'vitest';
import { formData } from '@test/forms';
import { renderServer, textOf } from '@test/render';
import { attr, tagWith } from '~/lib/form-kit/demo-form.test-utils';
import { LoginPagePanes, type LoginPagePanesProps } from './login-page-panes';
import type { LoginActionData } from './login-panes';
import { NO_ACCOUNT_MESSAGE, RESET_SENT_MESSAGE } from './messages';
import { LOGIN_INTENTS, loginSchema, resetRequestSchema } from './schemas';

/* The login panes as the /login and /sso/login pages render them, without JavaScript. */

const props: LoginPagePanesProps = {
  asked: 'login',
  actionData: undefined,
  address: 'ann@example.com',
  redirectTo: '/rewards',
  reason: null,
  messageHtml: null,
  subtitle: null,
  notice: null,
  heading: (text) => <h1>{text}</h1>,
  links: { forgot: '/here?pane=reset', back: '/here' },
};

const render = (over: Partial<LoginPagePanesProps> = {}) =>
  renderServer(<LoginPagePanes {...props} {...over} />);

const answer = (
  intent: string,
  schema: typeof loginSchema | typeof resetRequestSchema,
  values: Record<string, string>,
  done = false,
  message?: string,
): LoginActionData => ({
  intent,
  result: parseWithZod(formData(values), { schema }).reply({
    formErrors: message ? [message] : undefined,
  }),
  done,
});

describe('LoginPagePanes', () => {
  it('the pane the address asks for, its links to the page itself and a real post form', async () => {
    const login = await render();
    expect(textOf(login)).toMatch(/^Log In /);
    expect(attr(tagWith(login, 'form', 'id="login"'), 'action')).toBe('/login');
    expect(attr(tagWith(login, 'input', 'name="email"'), 'value')).toBe('ann@example.com');
    expect(attr(tagWith(login, 'input', 'name="redirectTo"'), 'value')).toBe('/rewards');
    expect(login).toMatch(/<a[^>]*href="\/here\?pane=reset"[^>]*>Forgot Password\?<\/a>/);

    const reset = await render({ asked: 'reset' });
    expect(textOf(reset)).toMatch(/^Reset your password /);
    expect(reset).toMatch(/<input type="hidden" name="intent" value="reset-request"\/>/);
    expect(reset).toMatch(/<a[^>]*href="\/here"[^>]*>Back<\/a>/);
  });

  it("after a post: 'sent' once the e-mail went out, the reset pane again after a refusal", async () => {
    const sent = await render({
      actionData: answer(LOGIN_INTENTS.resetRequest, resetRequestSchema, { email: 'a@b.co' }, true),
    });
    expect(textOf(sent)).toContain(RESET_SENT_MESSAGE);

    const refused = await render({
      actionData: answer(
        LOGIN_INTENTS.resetRequest,
        resetRequestSchema,
        { email: 'a@b.co' },
        false,
        NO_ACCOUNT_MESSAGE,
      ),
    });
    expect(textOf(refused)).toMatch(/^Reset your password /);
    expect(textOf(refused)).toContain("We couldn't find an account with that email address");

    // A refused login stays on the login pane, its message in the form's alert.
    const login = await render({
      actionData: answer(
        LOGIN_INTENTS.login,
        loginSchema,
        { email: 'a@b.co', password: 'x' },
        false,
        'Invalid email address or password.',
      ),
    });
    expect(textOf(login)).toMatch(/^Log In /);
    expect(login).toMatch(/role="alert"[^>]*>\s*<p>Invalid email address or password\.<\/p>/);
  });
});
