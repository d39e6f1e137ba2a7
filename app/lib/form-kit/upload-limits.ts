/**
 * The limits on files posted with a content form (docs/content.md "Forms"). A form's file field
 * chooses its own count and size per file within these; the whole post's files together weigh at
 * most the form's `maxTotalBytes`, itself at most MAX_TOTAL_BYTES.
 *
 * MAX_TOTAL_BYTES keeps an e-mail with every attachment (base64 makes it a third larger) under
 * the 25 MB most mail servers take. A form's post may be larger still: its files' total plus one
 * file over a field's limit plus FORM_TEXT_ROOM (`formBodyLimit`, at most FORM_BODY_LIMIT, the
 * request gate's), so a file over a form's limit is read, refused and answered with a message on
 * the form; only a body beyond that gets the 413 page ('What was sent is too large.'), refused
 * by its declared length before it is read.
 */

const MB = 1024 * 1024;

export const UPLOAD_LIMITS = {
  /** Per file, when a field says nothing. */
  defaultFileBytes: 5 * MB,
  /** The most a field may allow per file. */
  maxFileBytes: 10 * MB,
  /** Files per field, when a field says nothing. */
  defaultFiles: 1,
  /** The most a field may allow. */
  maxFiles: 10,
  /** All files of one post together, at most. */
  maxTotalBytes: 15 * MB,
} as const;

/**
 * What the request gate lets a post to /forms/* be (server/request-gate.ts BODY_LIMITS): the
 * largest total a form may take, plus room for a file one over the limit and the text fields.
 */
export const FORM_BODY_LIMIT = 25 * MB;

/** What the request gate reads of a urlencoded post to /forms/* (a form without files). */
export const FORM_TEXT_BODY_LIMIT = 1 * MB;

/**
 * Room a form's own body limit keeps for its text fields and the multipart framing, beside its
 * files (app/forms/uploads.server.ts `formBodyLimit`).
 */
export const FORM_TEXT_ROOM = 1 * MB;

/** Where content forms post: `/forms/<slug>` (and its single-fetch `/forms/<slug>.data`). */
export const FORMS_PATH = '/forms';

/** A form's own page, where it posts and where the footer's link leads without JavaScript. */
export const formPath = (slug: string) => `${FORMS_PATH}/${slug}`;

/** A form's success page. */
export const formSentPath = (slug: string) => `${FORMS_PATH}/${slug}/sent`;
