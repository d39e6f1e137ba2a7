import type { FormEvent } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicBotCheck } from './bot-check-fields';
import { useBotCheckSubmit } from './bot-check-submit';

/** The hook's answer on the server render (what a page has before it hydrates). */
function hookOf(botCheck: PublicBotCheck, send: (formData: FormData) => void) {
  let result: ReturnType<typeof useBotCheckSubmit> | undefined;
  function Probe() {
    result = useBotCheckSubmit(botCheck, send);
    return null;
  }
  renderToString(<Probe />);
  return result!;
}

const honeypot: PublicBotCheck = {
  mode: 'honeypot',
  trapField: 'website',
  stampField: 'formStarted',
  stamp: '1.x',
};
const recaptcha: PublicBotCheck = {
  mode: 'recaptcha',
  siteKey: 'site-key',
  action: 'register',
  tokenField: 'g-recaptcha-response',
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useBotCheckSubmit', () => {
  it('with the honeypot: the plain post, ready at once', () => {
    const check = hookOf(honeypot, () => undefined);
    expect(check.onSubmit).toBeUndefined();
    expect(check.ready).toBe(true);
    expect(check.verifying).toBe(false);
  });

  it('with reCAPTCHA: not ready before its script has loaded', () => {
    const check = hookOf(recaptcha, () => undefined);
    expect(check.ready).toBe(false);
    expect(check.onSubmit).toBeTypeOf('function');
  });

  it("with reCAPTCHA: stops the browser's post and sends the form data with this post's token", async () => {
    const execute = vi.fn(async () => 'fresh-token');
    vi.stubGlobal('window', { grecaptcha: { ready: (done: () => void) => done(), execute } });
    const sent = new Promise<FormData>((resolve) => {
      const check = hookOf(recaptcha, resolve);
      const formData = new FormData();
      formData.set('email', 'ann@example.com');
      const preventDefault = vi.fn();
      check.onSubmit!({ preventDefault } as unknown as FormEvent<HTMLFormElement>, { formData });
      expect(preventDefault).toHaveBeenCalled();
    });
    const formData = await sent;
    expect(execute).toHaveBeenCalledWith('site-key', { action: 'register' });
    expect(formData.get('g-recaptcha-response')).toBe('fresh-token');
    expect(formData.get('email')).toBe('ann@example.com');
    // First, so a server reading a post with files checks it before any file.
    expect([...formData.keys()][0]).toBe('g-recaptcha-response');
  });
});
