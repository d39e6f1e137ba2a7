import type { SubmissionResult } from '@conform-to/react';
import type { ContentForm } from '~/lib/content/types';

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
