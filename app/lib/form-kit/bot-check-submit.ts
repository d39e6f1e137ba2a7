import { useState, type FormEvent } from 'react';
import { recaptchaToken, useRecaptchaReady } from '~/lib/security/recaptcha-client';
import type { PublicBotCheck } from './bot-check-fields';

/**
 * The bot check's part of posting a form, with JavaScript: with reCAPTCHA v3, a token is fetched
 * for this very post and added to what `send` posts (tokens expire within minutes, so none is
 * fetched ahead); with the honeypot there is nothing to do and the form posts as it is. Apart
 * from bot-check-fields.tsx so that only a form that can use reCAPTCHA loads its client.
 *
 * - `onSubmit`: for `useSchemaForm` (undefined with the honeypot: the plain post).
 * - `verifying`: a token is being fetched (the form shows itself busy).
 * - `ready`: the reCAPTCHA script has loaded (always with the honeypot); submit stays disabled
 *   until then.
 */
/**
 * The form's data with the token as its first entry: a server reading a post with files runs the
 * bot check as soon as its fields have come, before any file (docs/reference/forms.md "Rules").
 */
export function withTokenFirst(formData: FormData, field: string, token: string): FormData {
  const ordered = new FormData();
  ordered.append(field, token);
  for (const [name, value] of formData) if (name !== field) ordered.append(name, value);
  return ordered;
}

export function useBotCheckSubmit(botCheck: PublicBotCheck, send: (formData: FormData) => void) {
  const recaptcha = botCheck.mode === 'recaptcha' ? botCheck : null;
  const recaptchaReady = useRecaptchaReady(recaptcha?.siteKey ?? null);
  const [verifying, setVerifying] = useState(false);
  const onSubmit = recaptcha
    ? (event: FormEvent<HTMLFormElement>, { formData }: { formData: FormData }) => {
        event.preventDefault();
        setVerifying(true);
        void recaptchaToken(recaptcha.siteKey, recaptcha.action).then((token) => {
          send(withTokenFirst(formData, recaptcha.tokenField, token));
          setVerifying(false);
        });
      }
    : undefined;
  return { onSubmit, verifying, ready: recaptcha === null || recaptchaReady };
}
