/**
 * The zod schema of a content form file, forms/<slug>.json (format in docs/content.md "Forms"; the
 * checks in docs/reference/forms.md "Rules"). What it refuses, a page never shows: addresses that
 * are not mailboxes, a reply-to naming no e-mail field, a success route off the site, attachments
 * naming no file field, types whose bytes cannot be checked, limits beyond the site's.
 */
import { z } from 'zod';
import { EMAIL_PATTERN, MAX_TEXT_LENGTH } from '~/lib/form-kit/fields';
import { typesOfAcceptEntry, type FileTypeId } from '~/lib/form-kit/file-types';
import { UPLOAD_LIMITS } from '~/lib/form-kit/upload-limits';
import {
  FORM_STARTED_FIELD,
  HONEYPOT_FIELD,
  RECAPTCHA_TOKEN_FIELD,
} from '~/lib/security/bot-check.server';
import { safeRedirect } from '~/lib/security/safe-redirect';
import {
  FORM_FIELD_TYPES,
  type ContentForm,
  type FormEmailAction,
  type FormField,
  type FormOption,
} from './types';

/** A field's name: the posted name and its template placeholder. */
const FIELD_NAME = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;

/**
 * Names a field may not take: the bot check's inputs, the `intent` of the site's forms, and the
 * placeholders every form template gets (./form templates: formTitle, retailerName, ...).
 */
export const RESERVED_FIELD_NAMES = new Set(
  [
    HONEYPOT_FIELD,
    FORM_STARTED_FIELD,
    RECAPTCHA_TOKEN_FIELD,
    'intent',
    'formTitle',
    'retailerName',
    'submittedAt',
    'pageUrl',
  ].map((n) => n.toLowerCase()),
);

export const MAX_TEXTAREA_LENGTH = 5000;
const DEFAULT_TEXTAREA_LENGTH = 2000;
const MAX_OPTION_LENGTH = 100;

const text = (what = 'is required') =>
  z
    .union([z.string(), z.number()], { required_error: what, invalid_type_error: 'must be text' })
    .transform((v) => String(v).trim())
    .refine((v) => v.length > 0, what);
const optionalText = z
  .union([z.string(), z.number()], { invalid_type_error: 'must be text' })
  .nullish()
  .transform((v) => (v === null || v === undefined ? null : String(v).trim() || null));
const flag = z
  .boolean({ invalid_type_error: 'must be true or false' })
  .nullish()
  .transform((v) => v ?? false);
const count = (min: number, max: number) =>
  z
    .number({ invalid_type_error: 'must be a number' })
    .int('must be a whole number')
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);

/**
 * 'desk@example.com' or 'Desk <desk@example.com>': one line (it becomes a mail header), the address
 * a plain one (local part, '@', dotted domain: the site's e-mail rule).
 */
export function isMailbox(value: string): boolean {
  if (/[\r\n]/.test(value)) return false;
  const named = /^([^<>"@]*?)\s*<([^<>\s]+)>$/.exec(value);
  const address = named ? named[2] : value;
  return EMAIL_PATTERN.test(address) && address.length <= 254;
}

const mailbox = z
  .string({ invalid_type_error: 'must be an e-mail address' })
  .transform((v) => v.trim())
  .refine(isMailbox, "must be an address like 'desk@example.com' or 'Desk <desk@example.com>'");
const mailboxes = z
  .union([mailbox, z.array(mailbox)])
  .nullish()
  .transform((v) => (v === null || v === undefined ? [] : Array.isArray(v) ? v : [v]));

/** A path of this site: one '/', no '//' or '\', no scheme, nothing a browser reads elsewhere. */
export function isSiteRoute(value: string): boolean {
  return safeRedirect(value, '') === value;
}

const option = z
  .union([
    text(),
    z.object({ value: text(), label: optionalText }, { invalid_type_error: 'must be text' }),
  ])
  .transform(
    (v): FormOption =>
      typeof v === 'string'
        ? { value: v, label: v }
        : { value: v.value, label: v.label ?? v.value },
  )
  .refine(
    (o) => o.value.length <= MAX_OPTION_LENGTH,
    `value must be at most ${MAX_OPTION_LENGTH} characters`,
  );

const fieldBase = {
  name: z
    .string({ required_error: 'is required', invalid_type_error: 'must be text' })
    .regex(FIELD_NAME, 'must be letters, digits and _ (starting with a letter, at most 40)')
    .refine(
      (n) => !RESERVED_FIELD_NAMES.has(n.toLowerCase()),
      'is a name the site keeps for itself',
    ),
  label: text(),
  required: flag,
  help: optionalText,
};

const autocomplete = z
  .string()
  .regex(/^[a-z][a-z0-9 -]{0,60}$/, 'must be an autocomplete token such as "name" or "email"')
  .nullish()
  .transform((v) => v ?? null);

const fieldSchema = z.discriminatedUnion(
  'type',
  [
    z
      .object({
        ...fieldBase,
        type: z.enum(['text', 'email', 'phone']),
        maxLength: count(1, 500).nullish(),
        autocomplete,
      })
      .strict(),
    z
      .object({
        ...fieldBase,
        type: z.literal('textarea'),
        maxLength: count(1, MAX_TEXTAREA_LENGTH).nullish(),
        rows: count(2, 20).nullish(),
      })
      .strict(),
    z
      .object({
        ...fieldBase,
        type: z.enum(['radio', 'select', 'multiselect']),
        options: z.array(option).min(1, 'needs at least one option').max(50, 'at most 50 options'),
        placeholder: optionalText,
      })
      .strict(),
    z.object({ ...fieldBase, type: z.literal('checkbox') }).strict(),
    z
      .object({
        ...fieldBase,
        type: z.literal('file'),
        accept: z
          .array(z.string(), { invalid_type_error: 'must be a list' })
          .min(1, 'needs at least one type'),
        maxFiles: count(1, UPLOAD_LIMITS.maxFiles).nullish(),
        maxBytes: count(1, UPLOAD_LIMITS.maxFileBytes).nullish(),
      })
      .strict(),
  ],
  {
    errorMap: (issue, ctx) =>
      issue.code === 'invalid_union_discriminator'
        ? { message: `type must be one of: ${FORM_FIELD_TYPES.join(', ')}` }
        : { message: ctx.defaultError },
  },
);

type RawField = z.infer<typeof fieldSchema>;

function toField(raw: RawField, ctx: z.RefinementCtx, at: number): FormField {
  const base = { name: raw.name, label: raw.label, required: raw.required, help: raw.help };
  switch (raw.type) {
    case 'text':
    case 'email':
    case 'phone':
      return {
        ...base,
        type: raw.type,
        maxLength: raw.maxLength ?? (raw.type === 'text' ? MAX_TEXT_LENGTH : 254),
        autocomplete: raw.autocomplete,
      };
    case 'textarea':
      return {
        ...base,
        type: raw.type,
        maxLength: raw.maxLength ?? DEFAULT_TEXTAREA_LENGTH,
        rows: raw.rows ?? 5,
      };
    case 'radio':
    case 'select':
    case 'multiselect': {
      const values = raw.options.map((o) => o.value);
      if (new Set(values).size !== values.length) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: ['fields', at, 'options'],
          message: 'two options have the same value',
        });
      }
      return { ...base, type: raw.type, options: raw.options, placeholder: raw.placeholder };
    }
    case 'checkbox':
      return { ...base, type: raw.type };
    case 'file': {
      const accept = new Set<FileTypeId>();
      raw.accept.forEach((entry, i) => {
        const ids = typesOfAcceptEntry(entry);
        if (ids.length === 0) {
          ctx.addIssue({
            code: z.ZodIssueCode.custom,
            path: ['fields', at, 'accept', i],
            message: `'${entry}' is not a type the site can check (image/*, image/jpeg, image/png, image/gif, image/webp, image/heic, application/pdf or their extensions)`,
          });
        }
        for (const id of ids) accept.add(id);
      });
      return {
        ...base,
        type: raw.type,
        accept: [...accept],
        maxFiles: raw.maxFiles ?? UPLOAD_LIMITS.defaultFiles,
        maxBytes: raw.maxBytes ?? UPLOAD_LIMITS.defaultFileBytes,
      };
    }
  }
}

const actionSchema = z
  .object(
    {
      type: z.literal('email', {
        errorMap: () => ({ message: "must be 'email' (the only action forms have)" }),
      }),
      to: mailboxes.refine((v) => v.length > 0, 'needs at least one address'),
      cc: mailboxes,
      bcc: mailboxes,
      from: mailbox.nullish().transform((v) => v ?? null),
      replyTo: z
        .string({ invalid_type_error: 'must be an address or the name of an e-mail field' })
        .transform((v) => v.trim())
        .nullish(),
      subject: optionalText.refine((v) => v === null || !/[\r\n]/.test(v), 'must be one line'),
      template: z
        .string()
        .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, 'must be the slug of an e-mail template')
        .nullish()
        .transform((v) => v ?? null),
      attachments: z.array(z.string()).nullish(),
      acknowledge: z.boolean({ invalid_type_error: 'must be true or false' }).default(false),
      successMessage: optionalText,
      successRoute: z
        .string({ invalid_type_error: 'must be a path' })
        .transform((v) => v.trim())
        .refine(
          isSiteRoute,
          "must be a path of this site: starting with a single '/', without '//', '\\' or a scheme",
        )
        .nullish()
        .transform((v) => v ?? null),
    },
    { required_error: 'is required', invalid_type_error: 'must be an object' },
  )
  .strict();

const formObject = z
  .object(
    {
      $schema: z.string().optional(),
      title: text(),
      intro: optionalText,
      submitLabel: optionalText,
      fields: z
        .array(fieldSchema, { required_error: 'is required', invalid_type_error: 'must be a list' })
        .min(1, 'needs at least one field')
        .max(40, 'at most 40 fields'),
      maxTotalBytes: count(1, UPLOAD_LIMITS.maxTotalBytes).nullish(),
      action: actionSchema,
    },
    { invalid_type_error: 'must be a JSON object' },
  )
  .strict();

type RawForm = z.output<typeof formObject>;
type RawAction = RawForm['action'];

export const formFileSchema = formObject.transform(toContentForm);

/** The form as pages use it, its cross-field rules checked (each a problem of the file). */
function toContentForm(raw: RawForm, ctx: z.RefinementCtx): Omit<ContentForm, 'slug' | 'shared'> {
  const fields = raw.fields.map((f, i) => toField(f, ctx, i));
  checkUniqueNames(fields, ctx);
  const action = raw.action;
  const fileFields = fields.filter((f) => f.type === 'file').map((f) => f.name);
  const replyTo = action.replyTo ? resolveReplyTo(action.replyTo, fields, ctx) : null;
  const attachments = action.attachments ?? fileFields;
  checkAttachments(attachments, fileFields, ctx);
  if (action.acknowledge && !(replyTo && 'field' in replyTo)) {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      path: ['action', 'acknowledge'],
      message: "needs replyTo to name the form's e-mail field (where the acknowledgement goes)",
    });
  }
  if (action.successMessage && action.successRoute) {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      path: ['action', 'successRoute'],
      message: 'give successMessage (shown on the form success page) or successRoute, not both',
    });
  }

  const fileMaximum = fields.reduce(
    (sum, f) => (f.type === 'file' ? sum + f.maxFiles * f.maxBytes : sum),
    0,
  );
  return {
    title: raw.title,
    intro: raw.intro,
    submitLabel: raw.submitLabel ?? 'Submit',
    fields,
    maxTotalBytes:
      raw.maxTotalBytes ?? Math.min(UPLOAD_LIMITS.maxTotalBytes, Math.max(fileMaximum, 1)),
    action: {
      type: 'email',
      to: action.to,
      cc: action.cc,
      bcc: action.bcc,
      from: action.from,
      replyTo,
      subject: action.subject,
      template: action.template,
      attachments,
      acknowledge: action.acknowledge,
      successMessage: action.successMessage,
      successRoute: action.successRoute,
    },
  };
}

/** Field names are unique, whatever their case (they are the posted names). */
function checkUniqueNames(fields: FormField[], ctx: z.RefinementCtx): void {
  const names = new Map<string, FormField>();
  fields.forEach((f, i) => {
    if (names.has(f.name.toLowerCase())) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['fields', i, 'name'],
        message: `another field is named '${f.name}'`,
      });
    }
    names.set(f.name.toLowerCase(), f);
  });
}

/** The reply-to: a mailbox, or the name of one of the form's e-mail fields. */
function resolveReplyTo(
  replyTo: NonNullable<RawAction['replyTo']>,
  fields: FormField[],
  ctx: z.RefinementCtx,
): FormEmailAction['replyTo'] {
  if (replyTo.includes('@')) {
    if (isMailbox(replyTo)) return { address: replyTo };
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      path: ['action', 'replyTo'],
      message: "must be an address like 'desk@example.com', or the name of an e-mail field",
    });
    return null;
  }
  if (fields.some((f) => f.name === replyTo && f.type === 'email')) return { field: replyTo };
  ctx.addIssue({
    code: z.ZodIssueCode.custom,
    path: ['action', 'replyTo'],
    message: `names no e-mail field of this form ('${replyTo}')`,
  });
  return null;
}

/** Attachments name file fields only, and every file field is attached. */
function checkAttachments(attachments: string[], fileFields: string[], ctx: z.RefinementCtx) {
  attachments.forEach((name, i) => {
    if (!fileFields.includes(name)) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['action', 'attachments', i],
        message: `names no file field of this form ('${name}')`,
      });
    }
  });
  for (const name of fileFields) {
    if (!attachments.includes(name)) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['action', 'attachments'],
        message: `file field '${name}' is not attached: its files would go nowhere`,
      });
    }
  }
}
