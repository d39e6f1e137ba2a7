import { useEffect, useState } from 'react';

/**
 * reCAPTCHA v3 in the browser, for a brand configured with keys (bot-check.server.ts): the
 * script loads once per page, a form asks it for a token for its action just before posting
 * (the registration form, content forms).
 */

interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

function grecaptcha(): Grecaptcha | undefined {
  return (window as unknown as { grecaptcha?: Grecaptcha }).grecaptcha;
}

const SCRIPT_ID = 'recaptcha-v3-script';

/** Loads the script for `siteKey` (nothing without one) and tells when it is ready. */
export function useRecaptchaReady(siteKey: string | null): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!siteKey) return;
    let live = true;
    const done = () => grecaptcha()?.ready(() => live && setReady(true));
    let script = document.getElementById(SCRIPT_ID) as HTMLScriptElement | null;
    if (!script) {
      script = document.createElement('script');
      script.id = SCRIPT_ID;
      script.async = true;
      script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
      document.head.appendChild(script);
    }
    if (grecaptcha()) done();
    script.addEventListener('load', done);
    return () => {
      live = false;
      script?.removeEventListener('load', done);
    };
  }, [siteKey]);
  return ready;
}

/**
 * A token for one post; '' when reCAPTCHA is unavailable (the server then refuses the post as it
 * refuses a bot: silently for a content form).
 */
export function recaptchaToken(siteKey: string, action: string): Promise<string> {
  const api = grecaptcha();
  if (!api) return Promise.resolve('');
  return new Promise((resolve) => {
    api.ready(() => {
      api.execute(siteKey, { action }).then(resolve, () => resolve(''));
    });
  });
}
