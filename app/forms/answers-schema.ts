/**
 * The answers of a content form, as a zod schema built from the form's fields
 * (docs/reference/forms.md "Rules"): the browser validates with it (lazily, on blur, then on input)
 * and the action parses with it, so both give the same messages:
 *
 * - e-mail 'Please enter a valid email address.', phone (###) ###-#### 'Please enter a valid
 *   phone number.' (both may stay empty unless required);
 * - every required field left empty, radio and select included, 'This field is required.'; a
 *   multiple choice that is required needs at least one value; a value that is not one of the
 *   options gets the same message;
 * - text longer than the field allows 'Please enter no more than N characters.';
 * - files: count, size per file, type, and all files together (FILE_MESSAGES). The browser knows
 *   a file's name and size; the server also knows its bytes, and passes what it found wrong
 *   (`uploadProblems`) in as that field's message.
 */
import { z } from 'zod';
import type { FormField, PublicForm } from './types';
import {
  checkboxField,
  choiceField,
  emailField,
  MESSAGES,
  multiChoiceField,
  mustBeChecked,
  optionalText,
  phoneField,
  requiredText,
} from '~/lib/form-kit/fields';
import { FILE_MESSAGES, fileField, postedFiles } from '~/lib/form-kit/file-field-schema';

/** One value among `options`; empty is undefined; anything else 'This field is required.'. */
function optionalChoice(options: readonly string[]) {
  return z
    .unknown()
    .transform((raw, ctx): string | undefined => {
      const value = typeof raw === 'string' ? raw.trim() : '';
      if (value === '') return undefined;
      if (options.includes(value)) return value;
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: MESSAGES.required });
      return z.NEVER;
    })
    .optional();
}

/** Values among `options`, maybe none. */
function optionalChoices(options: readonly string[]) {
  return z
    .unknown()
    .transform((raw, ctx): string[] => {
      const values = (Array.isArray(raw) ? raw : [raw])
        .filter((v): v is string => typeof v === 'string')
        .map((v) => v.trim())
        .filter((v) => v !== '');
      if (values.some((v) => !options.includes(v))) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: MESSAGES.required });
        return z.NEVER;
      }
      return [...new Set(values)];
    })
    .optional();
}

function fieldSchema(field: FormField, problem: string | undefined): z.ZodTypeAny {
  switch (field.type) {
    case 'text':
    case 'textarea':
      return field.required
        ? requiredText(MESSAGES.required, { max: field.maxLength })
        : optionalText({ max: field.maxLength });
    case 'email':
      return field.required ? emailField({ required: true }) : emailField();
    case 'phone':
      return field.required ? phoneField({ required: true }) : phoneField();
    case 'radio':
    case 'select': {
      const values = field.options.map((o) => o.value);
      return field.required ? choiceField(values) : optionalChoice(values);
    }
    case 'multiselect': {
      const values = field.options.map((o) => o.value);
      return field.required ? multiChoiceField(values) : optionalChoices(values);
    }
    case 'checkbox':
      // A required box must be ticked: 'This field is required.', not the terms box's message.
      return field.required ? mustBeChecked(MESSAGES.required) : checkboxField();
    case 'file':
      return fileField({
        required: field.required,
        maxFiles: field.maxFiles,
        maxBytes: field.maxBytes,
        accept: field.accept,
        problem,
      });
  }
}

export interface AnswersSchemaOptions {
  /** The server's findings on uploaded files, by field name (wrong bytes, over a limit). */
  uploadProblems?: Readonly<Record<string, string>>;
}

/**
 * The schema of a form's answers. Build it once per form (`useMemo` in a component): the
 * constraint on the inputs is computed from it.
 */
export function answersSchema(
  form: Pick<PublicForm, 'fields' | 'maxTotalBytes'>,
  { uploadProblems = {} }: AnswersSchemaOptions = {},
) {
  const shape: Record<string, z.ZodTypeAny> = {};
  for (const field of form.fields) {
    shape[field.name] = fieldSchema(
      field,
      Object.prototype.hasOwnProperty.call(uploadProblems, field.name)
        ? uploadProblems[field.name]
        : undefined,
    );
  }
  const fileFields = form.fields.filter((f) => f.type === 'file').map((f) => f.name);
  return z.object(shape).superRefine((value, ctx) => {
    // All files together: the message goes to the field whose files pass the limit.
    let total = 0;
    for (const name of fileFields) {
      for (const file of postedFiles(value[name])) total += file.size;
      if (total > form.maxTotalBytes) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: [name],
          message: FILE_MESSAGES.totalTooLarge(form.maxTotalBytes),
        });
        return;
      }
    }
  });
}

export type Answers = Record<string, unknown>;
