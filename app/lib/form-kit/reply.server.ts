import type { SubmissionResult } from '@conform-to/react';
import { data } from '@remix-run/node';
import { PRIVATE_NO_STORE } from '~/lib/http/cache.server';
import {
  retryAfterHeaders,
  tooManyAttemptsMessage,
  type LimitRefused,
} from '~/lib/security/rate-limit.server';
import { SECRET_FIELDS } from './secret-fields';

interface Replyable {
  reply(options?: {
    formErrors?: string[];
    hideFields?: string[];
    resetForm?: boolean;
  }): SubmissionResult<string[]>;
}

/**
 * What every action answers when it does not redirect: which form (`intent`) posted, conform's
 * result for it, and whether the step is done (a pane or message the page switches to).
 * Passwords never come back, and a form's answer is never cached.
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
    {
      status: init.status ?? 400,
      headers: { 'Cache-Control': PRIVATE_NO_STORE, ...init.headers },
    },
  );
}

/** A post refused by a rate limit: 429, Retry-After and how long to wait. */
export function formTooMany(submission: Replyable, intent: string, refused: LimitRefused) {
  return formFailure(submission, intent, tooManyAttemptsMessage(refused.retryAfterSeconds), {
    status: 429,
    headers: retryAfterHeaders(refused),
  });
}

export function formDone(submission: Replyable, intent: string) {
  return data(
    { intent, result: submission.reply({ resetForm: true }), done: true },
    { headers: { 'Cache-Control': PRIVATE_NO_STORE } },
  );
}
