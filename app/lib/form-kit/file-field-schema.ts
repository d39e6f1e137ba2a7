/**
 * The file input's field (content forms): a module apart from ./fields.ts, whose field schemas
 * are in the first load of every page with a form, so the file types' table and messages load
 * only with the forms that take files.
 */
import { z } from 'zod';
import { MESSAGES } from './fields';
import {
  formatBytes,
  looksAccepted,
  truncateFileName,
  typesLabel,
  type FileTypeId,
} from './file-types';

/** The file messages, in the site's own words (docs/reference/forms.md "Messages"). */
export const FILE_MESSAGES = {
  tooMany: (max: number) => `Please choose no more than ${max} file${max === 1 ? '' : 's'}.`,
  tooLarge: (name: string, maxBytes: number) =>
    `“${truncateFileName(name)}” is larger than ${formatBytes(maxBytes)}.`,
  wrongType: (name: string, accept: readonly FileTypeId[]) =>
    `“${truncateFileName(name)}” is not a ${typesLabel(accept)} file.`,
  totalTooLarge: (maxBytes: number) =>
    `Together your files are larger than ${formatBytes(maxBytes)}.`,
} as const;

/** A posted file: a browser's File, or the one the server made of an upload. */
export type PostedFile = Pick<File, 'name' | 'size' | 'type'>;

function isPostedFile(value: unknown): value is PostedFile {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as PostedFile).name === 'string' &&
    typeof (value as PostedFile).size === 'number' &&
    typeof (value as PostedFile).type === 'string'
  );
}

/** The files of a posted value; an empty file input posts a nameless empty file: none. */
export function postedFiles(raw: unknown): PostedFile[] {
  return (Array.isArray(raw) ? raw : [raw]).filter(
    (v): v is PostedFile => isPostedFile(v) && !(v.name === '' && v.size === 0),
  );
}

export interface FileFieldOptions {
  required?: boolean;
  /** Files at most (default 1). */
  maxFiles?: number;
  /** Bytes per file at most. */
  maxBytes: number;
  /** The accepted types (checked here by name and MIME type; the server checks the bytes). */
  accept: readonly FileTypeId[];
  /** What the server found wrong with the upload (the bytes, a limit): the field's message. */
  problem?: string;
}

/**
 * A file input's files: 'This field is required.' when required and none is chosen, then the
 * count, each file's size and type; the files (in order) when all is well. Text posted under the
 * name counts as no file.
 */
export function fileField({
  required,
  maxFiles = 1,
  maxBytes,
  accept,
  problem,
}: FileFieldOptions): z.ZodType<PostedFile[] | undefined, z.ZodTypeDef, unknown> {
  const check = z.unknown().transform((raw, ctx): PostedFile[] | undefined => {
    const fail = (message: string) => {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message });
      return z.NEVER;
    };
    if (problem) return fail(problem);
    const files = postedFiles(raw);
    if (files.length === 0) return required ? fail(MESSAGES.required) : undefined;
    if (files.length > maxFiles) return fail(FILE_MESSAGES.tooMany(maxFiles));
    for (const file of files) {
      if (file.size > maxBytes) return fail(FILE_MESSAGES.tooLarge(file.name, maxBytes));
      if (!looksAccepted(file, accept)) return fail(FILE_MESSAGES.wrongType(file.name, accept));
    }
    return files;
  });
  // Optional for conform's constraint (no `required` on the input) when not required; never
  // with a problem, which must be reported although the refused file is not there.
  return required || problem ? check : check.optional();
}
