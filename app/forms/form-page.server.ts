/**
 * What pages need of a content form (docs/reference/forms.md "What the visitor sees"): the form's
 * own page /forms/<slug> (where it posts, what the footer's link opens without JavaScript, and what
 * the dialog loads), the form under a content page's text, and the success page.
 */
import { data, redirect, type AppLoadContext } from '@remix-run/node';
import type { ContentForm, FormBotCheck, FormSetup, PublicForm } from './types';
import { notFound } from '~/lib/errors.server';
import { cacheHeaders } from '~/lib/http/cache.server';
import { formPath } from '~/lib/form-kit/upload-limits';
import {
  botCheckMode,
  FORM_STARTED_FIELD,
  HONEYPOT_FIELD,
  RECAPTCHA_TOKEN_FIELD,
} from '~/lib/security/bot-check.server';
import { takeNotice } from '~/lib/session/respond.server';
import {
  CUSTOMER_SERVICE_FORM,
  readReceiptQuestion,
  receiptQuestionDefaults,
} from './receipt-question';

/** A form slug as it may appear in an address (the content reader takes no other). */
const SLUG = /^[A-Za-z0-9][A-Za-z0-9_-]{0,80}$/;

/** The form of this brand (its own, else shared/'s), or null. */
export function findForm(context: AppLoadContext, slug: string | undefined): ContentForm | null {
  if (!slug || !SLUG.test(slug)) return null;
  return context.services.content.form(context.tenant.sitePath, slug);
}

/** The form's public part: what the browser may see. */
export function publicForm(form: ContentForm): PublicForm {
  return {
    slug: form.slug,
    title: form.title,
    intro: form.intro,
    submitLabel: form.submitLabel,
    fields: form.fields,
    maxTotalBytes: form.maxTotalBytes,
  };
}

/** reCAPTCHA v3's action of a form (letters, digits and '_' only). */
export function recaptchaAction(slug: string): string {
  return `form_${slug.replace(/[^A-Za-z0-9_]/g, '_')}`;
}

/** The bot check's public part: the reCAPTCHA site key, or the honeypot with a fresh stamp. */
function publicBotCheck(context: AppLoadContext, slug: string): FormBotCheck {
  const { tenant } = context;
  const recaptcha = tenant.services.recaptcha;
  if (botCheckMode(tenant) === 'recaptcha' && recaptcha) {
    return {
      mode: 'recaptcha',
      siteKey: recaptcha.siteKey,
      action: recaptchaAction(slug),
      tokenField: RECAPTCHA_TOKEN_FIELD,
    };
  }
  const fields = context.services.accounts.botCheck.honeypotFields(tenant);
  return {
    mode: 'honeypot',
    trapField: HONEYPOT_FIELD,
    stampField: FORM_STARTED_FIELD,
    stamp: fields[FORM_STARTED_FIELD] ?? '',
  };
}

/** What a page needs to render the form. */
export function formSetup(context: AppLoadContext, form: ContentForm): FormSetup {
  return {
    form: publicForm(form),
    action: formPath(form.slug),
    botCheck: publicBotCheck(context, form.slug),
    multipart: form.fields.some((f) => f.type === 'file'),
  };
}

/**
 * GET /forms/<slug>: the form on a page of its own; a 404 for a form the brand does not have.
 * Personal: the honeypot's render time is signed per page view. A query asking about a receipt
 * (receipt-question.ts) gives the form its starting answers.
 */
export function formPageLoader(context: AppLoadContext, slug: string | undefined, url?: URL) {
  const form = findForm(context, slug);
  if (!form) throw notFound();
  const setup = formSetup(context, form);
  // Only the customer-service form takes a receipt question: no other form's answers can be
  // written by a link.
  const question =
    url && form.slug === CUSTOMER_SERVICE_FORM ? readReceiptQuestion(url.searchParams) : null;
  if (question) setup.defaults = receiptQuestionDefaults(setup.form, question);
  return data({ setup }, { headers: cacheHeaders(context, 'personal') });
}

/**
 * A content page's data with the form its front matter names (`form`), else `form: null`; a
 * page with a form is personal (as the form's own page is), its other headers kept. A form the
 * brand does not have leaves the page without one (tenants:check reports it).
 */
export function withPageForm<T extends { page: { form?: string | null } }>(
  context: AppLoadContext,
  page: { data: T; init: ResponseInit | null },
) {
  const form = findForm(context, page.data.page.form ?? undefined);
  const headers = new Headers(page.init?.headers);
  const init = form
    ? { ...page.init, headers: cacheHeaders(context, 'personal', headers) }
    : (page.init ?? undefined);
  return data({ ...page.data, form: form ? formSetup(context, form) : null }, init);
}

/**
 * GET /forms/<slug>/sent: the success message stored by the post, shown once in a success alert;
 * without one (a reload, a bookmark) the page sends the visitor home.
 */
export async function formSentLoader(context: AppLoadContext, slug: string | undefined) {
  const form = findForm(context, slug);
  if (!form) throw notFound();
  const { notice, headers } = await takeNotice(context);
  if (!notice) throw redirect('/', { headers: cacheHeaders(context, 'personal') });
  return data(
    { title: form.title, message: notice },
    { headers: cacheHeaders(context, 'personal', headers) },
  );
}
