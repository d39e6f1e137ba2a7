import type { SubmissionResult } from '@conform-to/react';
import { data } from '@remix-run/node';
import { SECRET_FIELDS } from './schemas';

interface Replyable {
  reply(options?: {
    formErrors?: string[];
    hideFields?: string[];
    resetForm?: boolean;
  }): SubmissionResult<string[]>;
}

/**
 * What an account action answers: which form (`intent`) posted, conform's result for it, and
 * whether the step is done (a pane or message the page switches to). Passwords never come back.
 */
export function formFailure(
  submission: Replyable,
  intent: string,
  message: string | null = null,
  init: { status?: number; headers?: Record<string, string> } = {},
) {
  return data(
    {
      intent,
      result: submission.reply({
        formErrors: message ? [message] : undefined,
        hideFields: SECRET_FIELDS,
      }),
      done: false,
    },
    { status: init.status ?? 400, headers: init.headers },
  );
}

export function formDone(submission: Replyable, intent: string) {
  return data({ intent, result: submission.reply({ resetForm: true }), done: true });
}
