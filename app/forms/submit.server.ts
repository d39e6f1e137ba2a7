/**
 * POST /forms/<slug> (docs/reference/forms.md "Rules"), with JavaScript or without:
 *
 * 1. the post is read, files streamed through their limits (uploads.server.ts);
 * 2. the per-address limit (10 posts in ten minutes per brand by default): 429 with the wait;
 * 3. validation: each field's message, nothing sent;
 * 4. the human check (reCAPTCHA when the brand has keys, else the honeypot). A failure "stops
 *    silently": the post is answered exactly as a sent one (the same redirect, the same success
 *    message), so a bot learns nothing, but no e-mail goes out; only the log says so;
 * 5. the e-mail through the site's mailer (email.server.ts); a failure answers 'Something went
 *    wrong with your request. Please try submitting again.' with the answers kept on the form;
 * 6. the success: the form's successRoute (checked again here: a path of this site only), else
 *    its success page showing the stored successMessage, else home.
 *
 * Files never come back in an answer (nor do passwords), and nothing is written to disk.
 */
import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { redirect, type AppLoadContext } from '@remix-run/node';
import { z } from 'zod';
import { logger } from '@common/logger.server';
import { type ContentForm, formIntent } from './types';
import { notFound } from '~/lib/errors.server';
import { MESSAGES } from '~/lib/form-kit/fields';
import { formFailure, formTooMany } from '~/lib/form-kit/reply.server';
import { SECRET_FIELDS } from '~/lib/form-kit/secret-fields';
import { formSentPath } from '~/lib/form-kit/upload-limits';
import { PRIVATE_NO_STORE } from '~/lib/http/cache.server';
import { safeRedirect } from '~/lib/security/safe-redirect';
import { redirectWithNotice } from '~/lib/session/respond.server';
import { answersSchema } from './answers-schema';
import { formEmail } from './email.server';
import { findForm, publicForm, recaptchaAction } from './form-page.server';
import { readFormPost } from './uploads.server';

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

/** Where a post that went through (or that a bot made) lands. */
async function succeeded(context: AppLoadContext, form: ContentForm) {
  const noStore = { headers: { 'Cache-Control': PRIVATE_NO_STORE } };
  const { successRoute, successMessage } = form.action;
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

/** The files of each attached field, as the answers hold them. */
function attachedFiles(form: ContentForm, answers: Record<string, unknown>) {
  const files: Record<string, File[]> = {};
  for (const name of form.action.attachments) {
    const value = answers[name];
    files[name] = Array.isArray(value) ? value.filter((v): v is File => v instanceof File) : [];
  }
  return files;
}

export async function submitForm(
  request: Request,
  context: AppLoadContext,
  slug: string | undefined,
) {
  const form = findForm(context, slug);
  if (!form) throw notFound();
  const { tenant, services } = context;
  const brand = tenant.sitePath;
  const intent = formIntent(form.slug);
  const { limits, botCheck, mailer } = services.accounts;

  const { formData, uploadProblems } = await readFormPost(request, publicForm(form));

  const perIp = await limits.consume('form-ip', brand, context.clientIp);
  if (!perIp.ok) {
    // Refused before anything is checked or sent; the reply keeps what was typed.
    const typed = parseWithZod(formData, { schema: z.object({}) });
    return formTooMany(withoutFiles(typed, form), intent, perIp);
  }

  const parsed = parseWithZod(formData, { schema: answersSchema(form, { uploadProblems }) });
  const submission = withoutFiles(parsed, form);
  if (parsed.status !== 'success') return formFailure(submission, intent);

  const check = await botCheck.verify({
    tenant,
    form: formData,
    remoteIp: context.clientIp,
    action: recaptchaAction(form.slug),
  });
  if (!check.ok) {
    logger.info(
      { brand, form: form.slug, reason: check.reason },
      'form human check failed: answered as sent, nothing sent',
    );
    return succeeded(context, form);
  }

  const template = form.action.template
    ? services.content.emailTemplate(brand, form.action.template)
    : null;
  if (form.action.template && !template) {
    logger.warn(
      { brand, form: form.slug, template: form.action.template },
      'form template missing',
    );
  }
  try {
    const message = await formEmail({
      tenant,
      form,
      template,
      answers: parsed.value,
      files: attachedFiles(form, parsed.value),
    });
    await mailer.send(message);
  } catch (error) {
    logger.warn({ err: error, brand, form: form.slug }, 'form e-mail not sent');
    return formFailure(submission, intent, MESSAGES.generic);
  }
  logger.info({ brand, form: form.slug }, 'form e-mail sent');
  return succeeded(context, form);
}
