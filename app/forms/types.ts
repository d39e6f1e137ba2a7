import type { SubmissionResult } from '@conform-to/react';
import type { FileTypeId } from '~/lib/form-kit/file-types';

/**
 * A content form as the browser gets it: its fields and words, never its action (the operator's
 * addresses and template stay on the server).
 */
export type PublicForm = Pick<
  ContentForm,
  'slug' | 'title' | 'intro' | 'submitLabel' | 'fields' | 'maxTotalBytes'
>;

/** The bot check's public part (site key only; the secrets stay on the server). */
export type FormBotCheck =
  | { mode: 'recaptcha'; siteKey: string; action: string; tokenField: string }
  | { mode: 'honeypot'; trapField: string; stampField: string; stamp: string };

/** What a page needs to render a content form. */
export interface FormSetup {
  form: PublicForm;
  /** Where it posts: /forms/<slug>. */
  action: string;
  botCheck: FormBotCheck;
  /** The form posts files (multipart). */
  multipart: boolean;
  /** Answers the form starts with (a question about a receipt), else absent. */
  defaults?: Record<string, string> | null;
}

/** The form action's answer when it does not redirect (a refused post). */
export interface FormActionData {
  intent: string;
  result: SubmissionResult<string[]>;
  done: boolean;
}

/** The form's answer in an action's or fetcher's data, whatever else its types say. */
export function formReply(value: unknown, slug: string): FormActionData | null {
  if (!value || typeof value !== 'object') return null;
  const reply = value as Partial<FormActionData>;
  return reply.intent === formIntent(slug) && reply.result ? (reply as FormActionData) : null;
}

/** The `intent` a form's answers carry (one page may show two forms: its own and the footer's). */
export const formIntent = (slug: string) => `form:${slug}`;

// --- Content forms: the files forms/<slug>.json of a brand's content (docs/content.md "Forms") ---

export const FORM_FIELD_TYPES = [
  'text',
  'textarea',
  'email',
  'phone',
  'radio',
  'select',
  'multiselect',
  'checkbox',
  'file',
] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

export interface FormOption {
  value: string;
  label: string;
}

interface FormFieldBase {
  /** The posted name and the template's placeholder ({{name}}). */
  name: string;
  label: string;
  required: boolean;
  /** Shown under the control and read with it (aria-describedby). */
  help: string | null;
}

export type FormField =
  | (FormFieldBase & {
      type: 'text' | 'email' | 'phone';
      maxLength: number;
      /** The input's autocomplete token ('name', 'email', 'tel-national', ...). */
      autocomplete: string | null;
    })
  | (FormFieldBase & { type: 'textarea'; maxLength: number; rows: number })
  | (FormFieldBase & {
      type: 'radio' | 'select' | 'multiselect';
      options: FormOption[];
      /** A select's empty first choice ('Choose a topic'). */
      placeholder: string | null;
    })
  | (FormFieldBase & { type: 'checkbox' })
  | (FormFieldBase & {
      type: 'file';
      /** The types taken (ids of ~/lib/form-kit/file-types). */
      accept: FileTypeId[];
      maxFiles: number;
      /** Per file. */
      maxBytes: number;
    });

export type FormFileField = Extract<FormField, { type: 'file' }>;

/** Reply-To of a form's e-mail: an operator's mailbox, or the address typed in an e-mail field. */
export type FormReplyTo = { address: string } | { field: string };

/** What a form does with the answers: its e-mail action (docs/content.md "Forms"). */
export interface FormEmailAction {
  type: 'email';
  /** Operator mailboxes ('desk@example.com' or 'Desk <desk@example.com>'), never the request's. */
  to: string[];
  cc: string[];
  bcc: string[];
  /** Null: the brand's sender (tenant `mail.from`, else no-reply@<canonical host>). */
  from: string | null;
  replyTo: FormReplyTo | null;
  /** Subject line with {{placeholders}}; null: the template's subject. */
  subject: string | null;
  /** E-mail template slug (email-templates/<slug>.md); null: the answers alone. */
  template: string | null;
  /** The file fields whose files go with the e-mail. */
  attachments: string[];
  /**
   * True: each post gets a case number, and the shopper (the replyTo e-mail field's answer) an
   * acknowledgement carrying it.
   */
  acknowledge: boolean;
  /** Shown on the form's success page; null with a successRoute (or for none: home). */
  successMessage: string | null;
  /** A path of this site to go to after sending. */
  successRoute: string | null;
}

export interface ContentForm {
  slug: string;
  title: string;
  /** Plain text shown above the fields. */
  intro: string | null;
  submitLabel: string;
  fields: FormField[];
  /** The most all files of one post may weigh together. */
  maxTotalBytes: number;
  action: FormEmailAction;
  /** True when the form comes from content/shared. */
  shared: boolean;
}
