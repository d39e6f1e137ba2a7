/**
 * POST /forms/<slug> (docs/reference/forms.md "Rules"), with JavaScript or without. What can be
 * checked without the body comes before any of it is read (the request gate and the origin check
 * already ran, server/app.ts):
 *
 * 1. the declared Content-Length against the form's own limit (uploads.server.ts formBodyLimit):
 *    over it, the 413 page;
 * 2. the per-address limit (10 posts in ten minutes per brand by default): 429 with the wait, the
 *    form shown again empty (nothing of the post was read);
 * 3. a slot among the few posts read at once (post-slots.server.ts): none in time, 503 with
 *    Retry-After and the generic message;
 * 4. the post is read, files streamed to a private temporary folder through their limits
 *    (uploads.server.ts), and the human check (reCAPTCHA when the brand has keys, else the
 *    honeypot) runs as soon as its fields are in: at the first file part, else after validation.
 *    A failure "stops silently": the post is answered exactly as a sent one (the same redirect,
 *    the same success message), so a bot learns nothing, but no e-mail goes out (and no file of
 *    it is read); only the log says so;
 * 5. validation: each field's message, nothing sent;
 * 6. the e-mail through the site's mailer (email.server.ts), files attached from disk; a failure
 *    answers 'Something went wrong with your request. Please try submitting again.' with the
 *    answers kept on the form. A form that acknowledges posts gives the post a case number
 *    first (case-numbers.server.ts), carried by the store's copy, and once that is sent mails the
 *    shopper an acknowledgement (acknowledgement.server.ts; skipped past three an hour to one
 *    address, a failure only logged);
 * 7. the success: the form's successRoute (checked again here: a path of this site only), else
 *    its success page showing the stored successMessage (and the case number), else home.
 *
 * Files never come back in an answer (nor do passwords); their folder is removed once the post is
 * answered, whatever the answer.
 */
import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { data, redirect, type AppLoadContext } from '@remix-run/node';
import { z } from 'zod';
import { logger } from '@common/logger.server';
import { type ContentForm, formIntent } from './types';
import { defaultErrorMessage } from '~/lib/errors';
import { notFound } from '~/lib/errors.server';
import { MESSAGES } from '~/lib/form-kit/fields';
import { formFailure, formTooMany } from '~/lib/form-kit/reply.server';
import { SECRET_FIELDS } from '~/lib/form-kit/secret-fields';
import { formSentPath } from '~/lib/form-kit/upload-limits';
import { PRIVATE_NO_STORE } from '~/lib/http/cache.server';
import { safeRedirect } from '~/lib/security/safe-redirect';
import { redirectWithNotice } from '~/lib/session/respond.server';
import { formAcknowledgement } from './acknowledgement.server';
import { answersSchema } from './answers-schema';
import { newCaseNumber } from './case-numbers.server';
import { formEmail } from './email.server';
import { findForm, publicForm, recaptchaAction } from './form-page.server';
import { FORM_POST_RETRY_AFTER_SECONDS, formPostSlots } from './post-slots.server';
import { createUploadStore, formBodyLimit, readFormPost } from './uploads.server';

interface Submission {
  reply(options?: {
    formErrors?: string[];
    hideFields?: string[];
    resetForm?: boolean;
  }): SubmissionResult<string[]>;
}

/** The submission, answering without the form's files (a File cannot go back to the page). */
function withoutFiles(submission: Submission, form: ContentForm): Submission {
  const files = form.fields.filter((f) => f.type === 'file').map((f) => f.name);
  return {
    reply: (options = {}) =>
      submission.reply({
        ...options,
        hideFields: [...(options.hideFields ?? SECRET_FIELDS), ...files],
      }),
  };
}

/**
 * Where a post that went through (or that a bot made) lands. An acknowledged post's case number
 * follows the success message.
 */
async function succeeded(context: AppLoadContext, form: ContentForm, caseNumber?: string) {
  const noStore = { headers: { 'Cache-Control': PRIVATE_NO_STORE } };
  const { successRoute } = form.action;
  const successMessage =
    form.action.successMessage && caseNumber
      ? `${form.action.successMessage} ${caseNumberNotice(caseNumber)}`
      : form.action.successMessage;
  if (successRoute) {
    // The content schema refused anything else; checked again, as every redirect from data is.
    const target = safeRedirect(successRoute, '');
    if (target) return redirect(target, noStore);
    logger.warn({ form: form.slug, successRoute }, 'form successRoute is not a path of the site');
  }
  if (successMessage) {
    return redirectWithNotice(context, formSentPath(form.slug), successMessage, noStore);
  }
  return redirect('/', noStore);
}

/** What the success message says after an acknowledged post. */
export function caseNumberNotice(caseNumber: string): string {
  return `Your case number is ${caseNumber}.`;
}

/** The shopper's e-mail answer when the form acknowledges posts, else null. */
function acknowledgedAddress(form: ContentForm, answers: Record<string, unknown>): string | null {
  const replyTo = form.action.replyTo;
  if (!form.action.acknowledge || !replyTo || !('field' in replyTo)) return null;
  const value = answers[replyTo.field];
  return typeof value === 'string' && value.includes('@') ? value : null;
}

/** The files of each attached field, as the answers hold them. */
function attachedFiles(form: ContentForm, answers: Record<string, unknown>) {
  const files: Record<string, File[]> = {};
  for (const name of form.action.attachments) {
    const value = answers[name];
    files[name] = Array.isArray(value) ? value.filter((v): v is File => v instanceof File) : [];
  }
  return files;
}

/** A post refused before it was read: 413 (the error page). */
function tooLarge(): never {
  throw data(
    { message: defaultErrorMessage(413) },
    { status: 413, statusText: 'Payload Too Large' },
  );
}

export async function submitForm(
  request: Request,
  context: AppLoadContext,
  slug: string | undefined,
) {
  const found = findForm(context, slug);
  if (!found) throw notFound();
  const form: ContentForm = found;
  const { tenant, services } = context;
  const brand = tenant.sitePath;
  const intent = formIntent(form.slug);
  const { limits, botCheck, mailer } = services.accounts;
  const shown = publicForm(form);
  // What the form is answered with when nothing of the post was read.
  const unread = withoutFiles(parseWithZod(new FormData(), { schema: z.object({}) }), form);

  const bodyLimit = formBodyLimit(shown);
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > bodyLimit) tooLarge();

  const perIp = await limits.consume('form-ip', brand, context.clientIp);
  if (!perIp.ok) return formTooMany(unread, intent, perIp);

  const slot = await formPostSlots.acquire();
  if (!slot) {
    logger.warn({ brand, form: form.slug }, 'form post refused: too many posts being read');
    return formFailure(unread, intent, MESSAGES.generic, {
      status: 503,
      headers: { 'Retry-After': String(FORM_POST_RETRY_AFTER_SECONDS) },
    });
  }
  const store = createUploadStore();
  try {
    return await readAndSend();
  } finally {
    slot.release();
    await store.dispose();
  }

  async function humanCheck(fields: FormData) {
    const check = await botCheck.verify({
      tenant,
      form: fields,
      remoteIp: context.clientIp,
      action: recaptchaAction(form.slug),
    });
    if (!check.ok) {
      logger.info(
        { brand, form: form.slug, reason: check.reason },
        'form human check failed: answered as sent, nothing sent',
      );
    }
    return check.ok;
  }

  async function readAndSend() {
    const post = await readFormPost(request, shown, {
      maxBytes: bodyLimit,
      store,
      beforeFiles: humanCheck,
    });
    if (post.kind === 'too-large') tooLarge();
    if (post.kind === 'malformed') {
      throw data({ message: defaultErrorMessage(400) }, { status: 400, statusText: 'Bad Request' });
    }
    if (post.kind === 'bot') return succeeded(context, form);
    const { formData, uploadProblems } = post;

    const parsed = parseWithZod(formData, { schema: answersSchema(form, { uploadProblems }) });
    const submission = withoutFiles(parsed, form);
    if (parsed.status !== 'success') return formFailure(submission, intent);

    if (!post.botChecked && !(await humanCheck(formData))) return succeeded(context, form);

    const template = form.action.template
      ? services.content.emailTemplate(brand, form.action.template)
      : null;
    if (form.action.template && !template) {
      logger.warn(
        { brand, form: form.slug, template: form.action.template },
        'form template missing',
      );
    }
    const shopper = acknowledgedAddress(form, parsed.value);
    let caseNumber: string | undefined;
    try {
      if (shopper) {
        caseNumber = await newCaseNumber(services.accounts.siteStore, { brand, form: form.slug });
      }
      const message = await formEmail({
        tenant,
        form: form,
        template,
        answers: parsed.value,
        files: attachedFiles(form, parsed.value),
        caseNumber,
      });
      await mailer.send(message);
    } catch (error) {
      logger.warn({ err: error, brand, form: form.slug }, 'form e-mail not sent');
      return formFailure(submission, intent, MESSAGES.generic);
    }
    logger.info({ brand, form: form.slug, caseNumber }, 'form e-mail sent');
    if (shopper && caseNumber) await acknowledge(shopper, caseNumber);
    return succeeded(context, form, caseNumber);
  }

  /**
   * The shopper's acknowledgement: skipped silently past the per-address limit, and a failure
   * only logged (the store has the message; the post succeeded).
   */
  async function acknowledge(to: string, caseNumber: string) {
    if (!(await limits.mailAllowed(brand, to))) {
      logger.info({ brand, form: form.slug, caseNumber }, 'acknowledgement skipped: address limit');
      return;
    }
    try {
      await mailer.send(formAcknowledgement({ tenant, form, caseNumber, to }));
    } catch (error) {
      logger.warn({ err: error, brand, form: form.slug, caseNumber }, 'acknowledgement not sent');
    }
  }
}
