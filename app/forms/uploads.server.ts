/**
 * Reading a content form's post, files and all (docs/reference/forms.md "Rules": Files), with
 * Remix's streaming multipart parser (`unstable_parseMultipartFormData`) and an upload handler of
 * ours that holds every limit while the parts stream by:
 *
 * - a file counts only under one of the form's file fields (anything else is read and dropped);
 * - per field, at most `maxFiles` files, each at most `maxBytes`; all files of the post together
 *   at most the form's `maxTotalBytes`;
 * - the type is read from the first bytes (magic numbers, ~/lib/form-kit/file-types), never from the
 *   name or the MIME type the client claims; the attachment later goes out with that type.
 *
 * A file that breaks a rule is dropped as soon as it does (its bytes read past and let go, never
 * written anywhere) and the rule's message is kept for its field; what passes lives in memory
 * until the answer is sent. Nothing touches the disk. The whole body was already bounded by the
 * request gate (server/request-gate.ts, FORM_BODY_LIMIT).
 */
import { unstable_parseMultipartFormData, type UploadHandler } from '@remix-run/node';
import type { FormFileField, PublicForm } from './types';
import { FILE_MESSAGES } from '~/lib/form-kit/fields';
import { fileType, sniffFileType, SNIFF_BYTES, type FileTypeId } from '~/lib/form-kit/file-types';
import { readForm } from '~/lib/form-kit/read-form.server';

/** A text part longer than this is cut here (every text field allows far fewer characters). */
export const MAX_TEXT_PART_BYTES = 32 * 1024;
/** Parts after this many are read past: no form has nearly as many fields. */
export const MAX_PARTS = 200;
/** A file name, as the attachment carries it, at most (the extension kept). */
const MAX_FILE_NAME = 120;

export interface FormPost {
  formData: FormData;
  /** What was wrong with a field's files (the field's message), by field name. */
  uploadProblems: Record<string, string>;
}

async function drain(data: AsyncIterable<Uint8Array>) {
  for await (const _chunk of data) {
    // Read past: the parser needs the part consumed to reach the next one.
  }
}

/**
 * A file name fit for an attachment header: no control characters or path separators, at most
 * MAX_FILE_NAME characters with its extension, never empty.
 */
export function attachmentName(name: string, type: FileTypeId): string {
  const clean = name
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, '')
    .replace(/[/\\]/g, '_')
    .trim();
  const chars = Array.from(clean);
  if (chars.length === 0) return `attachment${fileType(type).extensions[0]}`;
  if (chars.length <= MAX_FILE_NAME) return clean;
  const dot = clean.lastIndexOf('.');
  const extension = dot > 0 ? Array.from(clean.slice(dot)).slice(0, 10).join('') : '';
  return chars.slice(0, MAX_FILE_NAME - Array.from(extension).length).join('') + extension;
}

/** The multipart reader of one form's post (see the module comment). */
function uploadHandler(form: PublicForm, problems: Record<string, string>): UploadHandler {
  const fileFields = new Map(
    form.fields
      .filter((f): f is FormFileField => f.type === 'file')
      .map((f) => [f.name, f] as const),
  );
  const counts = new Map<string, number>();
  let total = 0;
  let parts = 0;

  return async ({ name, filename, data }) => {
    parts += 1;
    if (parts > MAX_PARTS) {
      await drain(data);
      return undefined;
    }
    if (filename === undefined) {
      const chunks: Uint8Array[] = [];
      let size = 0;
      for await (const chunk of data) {
        if (size >= MAX_TEXT_PART_BYTES) continue;
        chunks.push(chunk.subarray(0, MAX_TEXT_PART_BYTES - size));
        size += Math.min(chunk.byteLength, MAX_TEXT_PART_BYTES - size);
      }
      return Buffer.concat(chunks).toString('utf8');
    }
    const field = fileFields.get(name);
    // An empty file input posts a part without a name and without bytes: no file.
    if (!field || filename === '') {
      await drain(data);
      return undefined;
    }
    const n = (counts.get(name) ?? 0) + 1;
    counts.set(name, n);
    if (problems[name]) {
      await drain(data);
      return undefined;
    }
    if (n > field.maxFiles) {
      problems[name] = FILE_MESSAGES.tooMany(field.maxFiles);
      await drain(data);
      return undefined;
    }

    const wrongType = FILE_MESSAGES.wrongType(filename, field.accept);
    const sniff = (head: Uint8Array) => {
      const found = sniffFileType(head);
      return found && field.accept.includes(found) ? found : null;
    };
    let chunks: Uint8Array[] = [];
    let size = 0;
    let type: FileTypeId | null | undefined;
    let problem: string | null = null;
    for await (const chunk of data) {
      if (problem !== null) continue;
      size += chunk.byteLength;
      if (size > field.maxBytes) problem = FILE_MESSAGES.tooLarge(filename, field.maxBytes);
      else if (total + size > form.maxTotalBytes) {
        problem = FILE_MESSAGES.totalTooLarge(form.maxTotalBytes);
      } else {
        chunks.push(chunk);
        if (type === undefined && size >= SNIFF_BYTES) {
          type = sniff(Buffer.concat(chunks));
          if (type === null) problem = wrongType;
        }
      }
      // Let go of what was kept of a refused file at once.
      if (problem !== null) chunks = [];
    }
    if (problem === null && type === undefined) type = sniff(Buffer.concat(chunks));
    if (problem !== null || !type) {
      problems[name] = problem ?? wrongType;
      return undefined;
    }
    total += size;
    return new File([Buffer.concat(chunks)], attachmentName(filename, type), {
      type: fileType(type).mime,
    });
  };
}

/**
 * The post of a content form: its fields and files, and what was wrong with the files. A body
 * that is not a form (or a broken one) reads as an empty form, which the answers' schema refuses
 * with its messages: never a 500.
 */
export async function readFormPost(request: Request, form: PublicForm): Promise<FormPost> {
  const type = (request.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'multipart/form-data') {
    // A form without files posts urlencoded; files cannot come that way.
    return { formData: await readForm(request), uploadProblems: {} };
  }
  const uploadProblems: Record<string, string> = {};
  try {
    const formData = await unstable_parseMultipartFormData(
      request,
      uploadHandler(form, uploadProblems),
    );
    return { formData, uploadProblems };
  } catch {
    return { formData: new FormData(), uploadProblems: {} };
  }
}
