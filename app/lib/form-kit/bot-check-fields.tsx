/**
 * The bot check's part of a form (the registration, the e-mail sign-ups, content forms): the
 * honeypot (a field people never see, and the signed stamp of when the form was shown), or with
 * reCAPTCHA v3 the disclaimer Google asks for in place of its badge.
 */
import { sx, sxRecipe } from '~/lib/theme/static-css';

/** The bot check's public part (the loader's): reCAPTCHA v3 site key, or honeypot fields. */
export type PublicBotCheck =
  | { mode: 'recaptcha'; siteKey: string; action: string; tokenField: string }
  | { mode: 'honeypot'; trapField: string; stampField: string; stamp: string };

export const RECAPTCHA_DISCLAIMER_LEAD = 'This site is protected by reCAPTCHA and the Google';

const styles = {
  // The honeypot: off screen, out of the tab order and hidden from assistive technology.
  trap: sx({
    position: 'absolute',
    insetStart: '-10000px',
    top: 'auto',
    w: '1px',
    h: '1px',
    overflow: 'hidden',
  }),
  disclaimer: sx({ color: 'fg.muted', textStyle: 'xs' }),
  link: sxRecipe('link', { variant: 'underline' }, { color: 'brand.fg', fontWeight: 'medium' }),
};

/** The trap field alone (a form whose stamp, if any, travels another way). */
export function HoneypotField({ id, name }: { id: string; name: string }) {
  return (
    <div className={styles.trap} aria-hidden="true">
      <label htmlFor={id}>Leave this field empty</label>
      <input id={id} type="text" name={name} defaultValue="" tabIndex={-1} autoComplete="off" />
    </div>
  );
}

/** The honeypot with its stamp, or the reCAPTCHA disclaimer. `idPrefix`: the form's id. */
export function BotCheckFields({
  botCheck,
  idPrefix,
}: {
  botCheck: PublicBotCheck;
  idPrefix: string;
}) {
  if (botCheck.mode === 'honeypot') {
    return (
      <>
        <HoneypotField id={`${idPrefix}-trap`} name={botCheck.trapField} />
        <input type="hidden" name={botCheck.stampField} value={botCheck.stamp} />
      </>
    );
  }
  return (
    <p className={styles.disclaimer}>
      {RECAPTCHA_DISCLAIMER_LEAD}{' '}
      <a
        className={styles.link}
        href="https://policies.google.com/privacy"
        target="_blank"
        rel="noopener noreferrer"
      >
        Privacy Policy
      </a>{' '}
      and{' '}
      <a
        className={styles.link}
        href="https://policies.google.com/terms"
        target="_blank"
        rel="noopener noreferrer"
      >
        Terms of Service
      </a>{' '}
      apply.
    </p>
  );
}
