/**
 * Reading a content form's post, files and all (docs/reference/forms.md "Rules": Files), with
 * Remix's streaming multipart parser (`unstable_parseMultipartFormData`) and an upload handler of
 * ours that holds every limit while the parts stream by:
 *
 * - the body as a whole at most the form's own limit (`formBodyLimit`): over it, the post is
 *   refused (413) as soon as the bytes say so;
 * - the bot check runs as soon as its fields have arrived: at the first file part, with the text
 *   fields read so far (the site's pages send the bot check's fields first: the honeypot's inputs
 *   open the form, the reCAPTCHA token is put first by the script). A check that fails stops the
 *   reading there: no file of a bot is read;
 * - a file counts only under one of the form's file fields (anything else is read and dropped);
 * - per field, at most `maxFiles` files, each at most `maxBytes`; all files of the post together
 *   at most the form's `maxTotalBytes`;
 * - the type is read from the first bytes (magic numbers, ~/lib/form-kit/file-types), never from the
 *   name or the MIME type the client claims; the file later goes out with that type, under a name
 *   the server makes (./attachment-names.ts);
 * - a NUL or text that is not UTF-8 in a field's name or value or in a file name refuses the post
 *   (400), as the request gate does for every other form.
 *
 * A file that passes is written as it streams to a private folder (mkdtemp under the system's
 * temporary folder, 0700; files 0600) and handed on as a File backed by that file, so a post costs
 * a few chunks of memory whatever its size; the caller removes the folder (`UploadStore.dispose`)
 * once the e-mail is sent or the post refused. A file that breaks a rule is dropped as soon as it
 * does (what was written of it removed, the rest of its bytes read past) and the rule's message is
 * kept for its field.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { unstable_parseMultipartFormData, type UploadHandler } from '@remix-run/node';
import type { FormFileField, PublicForm } from './types';
import { FILE_MESSAGES } from '~/lib/form-kit/file-field-schema';
import { fileType, sniffFileType, SNIFF_BYTES, type FileTypeId } from '~/lib/form-kit/file-types';
import { readForm } from '~/lib/form-kit/read-form.server';
import { FORM_BODY_LIMIT, FORM_TEXT_ROOM } from '~/lib/form-kit/upload-limits';
import { visibleFileName } from './attachment-names';

/** A text part longer than this is cut here (every text field allows far fewer characters). */
export const MAX_TEXT_PART_BYTES = 32 * 1024;
/** Parts after this many are read past: no form has nearly as many fields. */
export const MAX_PARTS = 200;

/** What reading a post came to. */
export type FormPost =
  | {
      kind: 'read';
      formData: FormData;
      /** What was wrong with a field's files (the field's message), by field name. */
      uploadProblems: Record<string, string>;
      /** The bot check ran (at the first file part) and passed. */
      botChecked: boolean;
    }
  /** The bot check failed before the files: nothing more was read. */
  | { kind: 'bot' }
  /** The body passed the form's limit (413). */
  | { kind: 'too-large' }
  /** Not a form that parses, or a NUL where none may be (400). */
  | { kind: 'malformed' };

/**
 * The most a form's post may be: all its files (its `maxTotalBytes`, or what its fields take if
 * less), one file over a field's limit (refused with a message on the form, not a 413) and
 * FORM_TEXT_ROOM for the rest; at most FORM_BODY_LIMIT (the request gate's).
 */
export function formBodyLimit(form: Pick<PublicForm, 'fields' | 'maxTotalBytes'>): number {
  const files = form.fields.filter((f): f is FormFileField => f.type === 'file');
  const fieldsTake = files.reduce((sum, f) => sum + f.maxFiles * f.maxBytes, 0);
  const largestFile = files.reduce((most, f) => Math.max(most, f.maxBytes), 0);
  const limit = Math.min(form.maxTotalBytes, fieldsTake) + largestFile + FORM_TEXT_ROOM;
  return Math.min(limit, FORM_BODY_LIMIT);
}

/** A post's private folder for its files, made on first need; `dispose` removes it. */
export interface UploadStore {
  folder(): Promise<string>;
  dispose(): Promise<void>;
}

export function createUploadStore(parent: string = os.tmpdir()): UploadStore {
  let made: Promise<string> | null = null;
  return {
    folder() {
      // mkdtemp: a new folder only this process knows, mode 0700.
      made ??= fsp.mkdtemp(path.join(parent, 'form-upload-'));
      return made;
    },
    async dispose() {
      if (!made) return;
      const dir = await made.catch(() => null);
      made = null;
      if (dir) await fsp.rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A NUL, or text that was not UTF-8 (decoding put U+FFFD for it; a shopper never types that
 * character): the same rule as the request gate's for every other post (server/request-gate.ts).
 */
const badText = (text: string) => text.includes('\0') || text.includes('\uFFFD');

async function drain(data: AsyncIterable<Uint8Array>) {
  for await (const _chunk of data) {
    // Read past: the parser needs the part consumed to reach the next one.
  }
}

/** Ends the reading of a post early with what it came to. */
class Stop extends Error {
  constructor(readonly post: FormPost) {
    super(post.kind);
  }
}

/** An error that says the body was over a limit (ours, or the request gate's 413). */
function isTooLarge(error: unknown): boolean {
  return error instanceof Stop
    ? error.post.kind === 'too-large'
    : (error as { status?: unknown } | null)?.status === 413;
}

export interface ReadFormPostOptions {
  /** The body's limit (default `formBodyLimit(form)`). */
  maxBytes?: number;
  /** Where files are kept. */
  store: UploadStore;
  /**
   * The bot check, with the text fields read before the first file part; false stops the
   * reading (the post is a bot's).
   */
  beforeFiles?: (fields: FormData) => Promise<boolean>;
}

interface FileLimits {
  field: FormFileField;
  /** What the post's files before this one weigh. */
  before: number;
  maxTotalBytes: number;
}

/**
 * Streams one file part to `file` (created only once its first bytes are an accepted type),
 * holding the limits; its size, or the message of the rule it broke (the file then removed).
 */
async function keepFile(
  data: AsyncIterable<Uint8Array>,
  filename: string,
  limits: FileLimits,
  file: () => Promise<string>,
): Promise<{ size: number; type: FileTypeId; path: string } | { problem: string }> {
  const { field } = limits;
  const shownName = visibleFileName(filename);
  const wrongType = FILE_MESSAGES.wrongType(shownName, field.accept);
  const sniff = (head: Uint8Array) => {
    const found = sniffFileType(head);
    return found && field.accept.includes(found) ? found : null;
  };
  let head: Uint8Array[] = [];
  let size = 0;
  let type: FileTypeId | null | undefined;
  let problem: string | null = null;
  let handle: fsp.FileHandle | null = null;
  let where = '';
  const open = async (first: Uint8Array) => {
    where = await file();
    handle = await fsp.open(where, 'wx', 0o600);
    await handle.write(first);
  };
  try {
    for await (const chunk of data) {
      if (problem !== null) continue;
      size += chunk.byteLength;
      if (size > field.maxBytes) problem = FILE_MESSAGES.tooLarge(shownName, field.maxBytes);
      else if (limits.before + size > limits.maxTotalBytes) {
        problem = FILE_MESSAGES.totalTooLarge(limits.maxTotalBytes);
      } else if (type === undefined) {
        head.push(chunk);
        if (size >= SNIFF_BYTES) {
          const first = Buffer.concat(head);
          head = [];
          type = sniff(first);
          if (type === null) problem = wrongType;
          else await open(first);
        }
      } else if (handle) {
        await (handle as fsp.FileHandle).write(chunk);
      }
      if (problem !== null) {
        // Let go of what was kept of a refused file at once.
        head = [];
        await (handle as fsp.FileHandle | null)?.close();
        handle = null;
        if (where) await fsp.rm(where, { force: true });
      }
    }
    if (problem === null && type === undefined) {
      // A file shorter than SNIFF_BYTES.
      const first = Buffer.concat(head);
      type = sniff(first);
      if (type) await open(first);
    }
  } finally {
    await (handle as fsp.FileHandle | null)?.close();
  }
  if (problem !== null || !type) return { problem: problem ?? wrongType };
  return { size, type, path: where };
}

/** The multipart reader of one form's post (see the module comment). */
function uploadHandler(
  form: PublicForm,
  problems: Record<string, string>,
  options: ReadFormPostOptions,
  state: { botChecked: boolean },
): UploadHandler {
  const fileFields = new Map(
    form.fields
      .filter((f): f is FormFileField => f.type === 'file')
      .map((f) => [f.name, f] as const),
  );
  const counts = new Map<string, number>();
  const textFields = new FormData();
  let botCheckRan = false;
  let total = 0;
  let parts = 0;
  let files = 0;

  return async ({ name, filename, data }) => {
    parts += 1;
    if (badText(name) || (filename !== undefined && badText(filename))) {
      throw new Stop({ kind: 'malformed' });
    }
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
      const value = Buffer.concat(chunks).toString('utf8');
      // A part cut at the bound may end inside a character: only its NULs count then.
      const cut = size >= MAX_TEXT_PART_BYTES;
      if (cut ? value.includes('\0') : badText(value)) throw new Stop({ kind: 'malformed' });
      textFields.append(name, value);
      return value;
    }
    if (!botCheckRan && options.beforeFiles) {
      botCheckRan = true;
      if (!(await options.beforeFiles(textFields))) throw new Stop({ kind: 'bot' });
      state.botChecked = true;
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
    files += 1;
    const kept = await keepFile(
      data,
      filename,
      { field, before: total, maxTotalBytes: form.maxTotalBytes },
      async () => path.join(await options.store.folder(), `${files}.upload`),
    );
    if ('problem' in kept) {
      problems[name] = kept.problem;
      return undefined;
    }
    total += kept.size;
    // Backed by the file on disk: its bytes are read again only when the e-mail is written.
    return new File([await fs.openAsBlob(kept.path)], visibleFileName(filename), {
      type: fileType(kept.type).mime,
    });
  };
}

/** `body` passed on, failing once more than `limit` bytes went through. */
function counted(body: ReadableStream<Uint8Array>, limit: number): ReadableStream<Uint8Array> {
  let size = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        size += chunk.byteLength;
        if (size > limit) controller.error(new Stop({ kind: 'too-large' }));
        else controller.enqueue(chunk);
      },
    }),
  );
}

/**
 * The post of a content form (see the module comment): its fields and files and what was wrong
 * with the files, or why it was not read to the end. Never throws for what a client sent.
 */
export async function readFormPost(
  request: Request,
  form: PublicForm,
  options: ReadFormPostOptions,
): Promise<FormPost> {
  const type = (request.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'multipart/form-data') {
    // A form without files posts urlencoded (the request gate read and bounded it); files cannot
    // come that way. A body that is not a form reads as an empty one, which validation refuses.
    return {
      kind: 'read',
      formData: await readForm(request),
      uploadProblems: {},
      botChecked: false,
    };
  }
  const uploadProblems: Record<string, string> = {};
  const state = { botChecked: false };
  const limit = options.maxBytes ?? formBodyLimit(form);
  try {
    if (!request.body) return { kind: 'malformed' };
    const body = counted(request.body, limit);
    const formData = await unstable_parseMultipartFormData(
      new Request(request.url, {
        method: 'POST',
        headers: request.headers,
        body,
        duplex: 'half',
      } as RequestInit),
      uploadHandler(form, uploadProblems, options, state),
    );
    return { kind: 'read', formData, uploadProblems, botChecked: state.botChecked };
  } catch (error) {
    if (isTooLarge(error)) return { kind: 'too-large' };
    if (error instanceof Stop) return error.post;
    return { kind: 'malformed' };
  }
}
