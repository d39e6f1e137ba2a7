/**
 * The e-mail a content form sends (from, to, replyTo, subject, body, attachment files, handed to
 * the site's mailer in app/lib/mail/; docs/reference/forms.md "Rules"). From, To, Cc and Bcc come
 * from the form's file, never from the post; Reply-To is the operator's address or the shopper's
 * e-mail answer.
 *
 * The body is the form's template (email-templates/<slug>.md) with `{{placeholders}}` filled from
 * the answers, then a plain list of every answer; the text part is the same, as text. Every
 * answer is shopper input, so it is escaped twice over before it meets the template: for HTML
 * (`<`, `&`, quotes become entities) and for Markdown (every other ASCII punctuation gets a
 * backslash, line breaks become `<br>`), so an answer can neither add markup nor make a link,
 * heading or list of its own. The subject line is filled with plain text, one line.
 *
 * Placeholders: each field's name (its answer as the list shows it: an option's label, 'Yes' or
 * 'No', a phone as (###) ###-####, files by name), and `formTitle`, `retailerName`,
 * `submittedAt` (Denver time).
 *
 * Attachments go out under names the server makes (`photo-1.png`, ./attachment-names.ts) with
 * the type their bytes were found to be; the visitor's own file name shows only in the body, as
 * escaped text with its hidden characters written out. No header carries a control or bidi
 * character (the subject is cleaned with ~/lib/mail/header-text).
 */
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { formatShopperDate, wallClock } from '@common/dates';
import type { ContentForm, FormField } from './types';
import { escapeHtml, fillPlaceholders, renderMarkdown } from '~/lib/markdown.server';
import { fileType, formatBytes } from '~/lib/form-kit/file-types';
import { postedFiles } from '~/lib/form-kit/file-field-schema';
import type { Phone } from '~/lib/form-kit/mask';
import type { MailAttachment, MailMessage } from '~/lib/mail/mailer.server';
import { headerText } from '~/lib/mail/header-text';
import { mailText } from '~/lib/mail/mail-text';
import { brandedMail } from '~/lib/mail/branded.server';
import { defaultSender } from '~/lib/mail/sender.server';
import type { Tenant } from '~/lib/tenant/schema';
import type { Answers } from './answers-schema';
import { attachmentFileName, typeOfMime, visibleFileName } from './attachment-names';

/** What the list shows for a question left empty. */
export const NO_ANSWER = '(no answer)';
const MAX_SUBJECT_LENGTH = 200;

/** ASCII punctuation Markdown gives a meaning to; a backslash makes each plain. */
const MARKDOWN_PUNCTUATION = new Set('!#$%()*+,-./:;=?@[\\]^_`{|}~');
const HTML_ENTITIES = new Map([
  ['&', '&amp;'],
  ['<', '&lt;'],
  ['>', '&gt;'],
  ['"', '&quot;'],
  ["'", '&#39;'],
]);

/**
 * An answer made safe to drop into Markdown: HTML's special characters as entities, Markdown's
 * punctuation backslash-escaped, line breaks as `<br>` (the answer stays one Markdown line, so it
 * cannot start a heading, a list or a code block).
 */
export function escapeMarkdownText(value: string): string {
  return value
    .split(/\r\n|\r|\n/)
    .map((line) =>
      Array.from(
        line,
        (c) => HTML_ENTITIES.get(c) ?? (MARKDOWN_PUNCTUATION.has(c) ? `\\${c}` : c),
      ).join(''),
    )
    .join('<br>');
}

/**
 * An answer as the e-mail shows it, as plain text. A file shows by the visitor's name for it (its
 * hidden characters written out) and size, and the name it is attached under (`attachedAs`, in
 * the order of the field's files).
 */
export function answerText(field: FormField, value: unknown, attachedAs?: string[]): string {
  switch (field.type) {
    case 'checkbox':
      return value === true ? 'Yes' : 'No';
    case 'phone':
      return value && typeof value === 'object' ? (value as Phone).masked : NO_ANSWER;
    case 'radio':
    case 'select':
    case 'multiselect': {
      const chosen = Array.isArray(value) ? value : value === undefined ? [] : [value];
      const labels = chosen.map(
        (v) => field.options.find((o) => o.value === v)?.label ?? String(v),
      );
      return labels.length ? labels.join(', ') : NO_ANSWER;
    }
    case 'file': {
      const files = postedFiles(value);
      return files.length
        ? files
            .map((f, i) => {
              const size = formatBytes(f.size);
              const name = visibleFileName(f.name);
              const sent = attachedAs?.[i];
              return sent ? `${name} (${size}, attached as ${sent})` : `${name} (${size})`;
            })
            .join(', ')
        : NO_ANSWER;
    }
    default:
      return typeof value === 'string' && value !== '' ? value : NO_ANSWER;
  }
}

/** 'Sunday, November 1, 2026, 2:05 PM (Denver time)'. */
export function submittedAtText(at: Date): string {
  const { minutes } = wallClock(at);
  const hour = Math.floor(minutes / 60);
  const minute = String(minutes % 60).padStart(2, '0');
  const clock = `${hour % 12 || 12}:${minute} ${hour < 12 ? 'AM' : 'PM'}`;
  return `${formatShopperDate(at, 'long')}, ${clock} (Denver time)`;
}

/** The plain list of every answer, as HTML (each answer escaped). */
function answersHtml(form: ContentForm, texts: Map<string, string>): string {
  const items = form.fields.map((field) => {
    const answer = escapeHtml(texts.get(field.name) ?? NO_ANSWER).replace(/\r\n|\r|\n/g, '<br>');
    return `<li><strong>${escapeHtml(field.label)}:</strong> ${answer}</li>`;
  });
  return `<h2>Answers</h2>\n<ul>\n${items.join('\n')}\n</ul>`;
}

export interface FormEmailInput {
  tenant: Pick<Tenant, 'origin' | 'retailerName' | 'mail' | 'theme' | 'logo'>;
  form: ContentForm;
  /** The form's template, or null (the answers alone, under the form's title). */
  template: { subject: string; body: string } | null;
  /** The parsed answers (the answers schema's output). */
  answers: Answers;
  /**
   * The files of the attached fields, as the upload reader made them (their type the one their
   * bytes were found to be; their bytes are sent unchanged, under a name the server makes).
   */
  files: Record<string, File[]>;
  /** The post's case number when the form acknowledges posts (./case-numbers.server.ts). */
  caseNumber?: string;
  now?: Date;
}

/** The message of one post of a form (see the module comment). */
export async function formEmail(input: FormEmailInput): Promise<MailMessage> {
  const { tenant, form, template, answers } = input;
  const now = input.now ?? new Date();
  const attachments: MailAttachment[] = [];
  const attachedAs = new Map<string, string[]>();
  for (const name of form.action.attachments) {
    const names = (input.files[name] ?? []).map((file, i) => {
      const type = typeOfMime(file.type);
      const filename = attachmentFileName(name, i + 1, type);
      attachments.push({
        filename,
        // Streamed from where the upload reader kept it (disk), never read whole here.
        content: Readable.fromWeb(file.stream() as NodeReadableStream<Uint8Array>),
        contentType: type ? fileType(type).mime : 'application/octet-stream',
      });
      return filename;
    });
    attachedAs.set(name, names);
  }
  const texts = new Map(
    form.fields.map((f) => [f.name, answerText(f, answers[f.name], attachedAs.get(f.name))]),
  );
  const common = {
    formTitle: form.title,
    retailerName: tenant.retailerName,
    submittedAt: submittedAtText(now),
  };

  const plain = { ...Object.fromEntries(texts), ...common };
  const subjectTemplate = form.action.subject ?? template?.subject ?? form.title;
  // A header: no line break, control or bidi character of an answer gets into it.
  const filled = Array.from(headerText(fillPlaceholders(subjectTemplate, plain, { escape: false })))
    .slice(0, MAX_SUBJECT_LENGTH)
    .join('')
    .trim();
  const { caseNumber } = input;
  const subject = caseNumber ? `${filled} [Case ${caseNumber}]` : filled;

  const escaped = Object.fromEntries(
    Object.entries(plain).map(([name, value]) => [name, escapeMarkdownText(value)]),
  );
  const intro = template
    ? renderMarkdown(fillPlaceholders(template.body, escaped, { escape: false })).html
    : '';
  const rendered = `${intro}\n${answersHtml(form, texts)}`.trim();
  // The layout's blocks: the case number, then the filled template and the answers (rendered
  // here, every answer escaped, so they go in as they are).
  const mail = brandedMail({
    tenant,
    subject,
    heading: form.title,
    blocks: [
      ...(caseNumber
        ? [{ kind: 'facts' as const, rows: [['Case number', caseNumber] as [string, string]] }]
        : []),
      { kind: 'rendered', html: rendered, text: mailText(rendered) },
    ],
    footer: { reason: `Sent from the form "${form.title}" on ${new URL(tenant.origin).host}.` },
  });

  const replyTo = form.action.replyTo;
  const shopperAddress =
    replyTo && 'field' in replyTo && typeof answers[replyTo.field] === 'string'
      ? (answers[replyTo.field] as string)
      : undefined;
  return {
    from: form.action.from ?? defaultSender(tenant),
    to: form.action.to,
    ...(form.action.cc.length ? { cc: form.action.cc } : {}),
    ...(form.action.bcc.length ? { bcc: form.action.bcc } : {}),
    ...(replyTo && 'address' in replyTo ? { replyTo: replyTo.address } : {}),
    ...(shopperAddress ? { replyTo: shopperAddress } : {}),
    subject,
    html: mail.html,
    text: mail.text,
    ...(attachments.length ? { attachments } : {}),
    ...(caseNumber ? { headers: { 'X-Case-Number': caseNumber } } : {}),
  };
}
