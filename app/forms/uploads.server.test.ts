/**
 * Reading a form's post: files streamed through their limits to a private folder, types read from
 * the bytes, the bot check before the first file, the body's limit.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fileBytes, MAGIC, pdf, photo, text } from '@test/files';
import type { FormField, PublicForm } from './types';
import {
  createUploadStore,
  formBodyLimit,
  MAX_TEXT_PART_BYTES,
  readFormPost,
  type FormPost,
  type ReadFormPostOptions,
  type UploadStore,
} from './uploads.server';

const KB = 1024;

const FIELDS: FormField[] = [
  {
    type: 'text',
    name: 'name',
    label: 'Name',
    required: true,
    help: null,
    maxLength: 100,
    autocomplete: null,
  },
  {
    type: 'file',
    name: 'letter',
    label: 'Letter',
    required: true,
    help: null,
    accept: ['pdf'],
    maxFiles: 1,
    maxBytes: 8 * KB,
  },
  {
    type: 'file',
    name: 'photos',
    label: 'Photos',
    required: false,
    help: null,
    accept: ['jpeg', 'png'],
    maxFiles: 2,
    maxBytes: 8 * KB,
  },
];
const FORM: PublicForm = {
  slug: 'test',
  title: 'Test',
  intro: null,
  submitLabel: 'Send',
  fields: FIELDS,
  maxTotalBytes: 12 * KB,
};

type Part = [string, string] | [string, Buffer<ArrayBuffer>, string];

function multipart(parts: Part[]): Request {
  const body = new FormData();
  for (const part of parts) {
    if (part.length === 2) body.append(part[0], part[1]);
    else body.append(part[0], new File([part[1]], part[2], { type: 'application/octet-stream' }));
  }
  return new Request('http://lins.localhost/forms/test', { method: 'POST', body });
}

const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'uploads-test-'));
const stores: UploadStore[] = [];
afterAll(async () => {
  await Promise.all(stores.map((s) => s.dispose()));
  fs.rmSync(parent, { recursive: true, force: true });
});

/** Reads a post with a store of its own (kept until the end of the file's tests). */
function readPost(
  request: Request,
  form: PublicForm = FORM,
  options: Partial<ReadFormPostOptions> = {},
): Promise<FormPost> {
  const store = createUploadStore(parent);
  stores.push(store);
  return readFormPost(request, form, { store, ...options });
}

/** A post read to its end. */
async function readAll(request: Request, form: PublicForm = FORM) {
  const post = await readPost(request, form);
  if (post.kind !== 'read') throw new Error(`not read: ${post.kind}`);
  return post;
}

async function bytesOf(value: FormDataEntryValue | null) {
  expect(value).toBeInstanceOf(File);
  return Buffer.from(await (value as File).arrayBuffer());
}

describe('readFormPost', () => {
  it('keeps text and files that pass, with the type their bytes say, bytes unchanged', async () => {
    const letter = pdf(6 * KB);
    const one = photo(2 * KB);
    const two = fileBytes(MAGIC.png, 3 * KB);
    const { formData, uploadProblems } = await readAll(
      multipart([
        ['name', 'Ann'],
        // The name and the claimed type say nothing: the bytes do.
        ['letter', letter, 'letter.bin'],
        ['photos', one, 'one.jpg'],
        ['photos', two, 'two.jpeg'],
      ]),
      FORM,
    );
    expect(uploadProblems).toEqual({});
    expect(formData.get('name')).toBe('Ann');
    expect((formData.get('letter') as File).type).toBe('application/pdf');
    expect((formData.get('letter') as File).name).toBe('letter.bin');
    expect((await bytesOf(formData.get('letter'))).equals(letter)).toBe(true);
    const photos = formData.getAll('photos') as File[];
    expect(photos.map((f) => [f.name, f.type])).toEqual([
      ['one.jpg', 'image/jpeg'],
      ['two.jpeg', 'image/png'],
    ]);
    expect((await bytesOf(photos[1])).equals(two)).toBe(true);
  });

  it('refuses a file whose bytes are not an accepted type, whatever its name', async () => {
    const { formData, uploadProblems } = await readAll(
      multipart([
        ['letter', text(200), 'letter.pdf'],
        ['photos', pdf(), 'holiday.jpg'],
      ]),
      FORM,
    );
    expect(uploadProblems).toEqual({
      letter: '“letter.pdf” is not a PDF file.',
      photos: '“holiday.jpg” is not a JPEG or PNG file.',
    });
    expect(formData.get('letter')).toBeNull();
    expect(formData.get('photos')).toBeNull();
  });

  it('refuses a file over its size, files past the count, files over the total', async () => {
    const big = await readAll(multipart([['letter', pdf(8 * KB + 1), 'big.pdf']]), FORM);
    expect(big.uploadProblems).toEqual({ letter: '“big.pdf” is larger than 8 KB.' });
    expect(big.formData.get('letter')).toBeNull();

    const many = await readAll(
      multipart([
        ['photos', photo(), 'a.jpg'],
        ['photos', photo(), 'b.jpg'],
        ['photos', photo(), 'c.jpg'],
      ]),
      FORM,
    );
    expect(many.uploadProblems).toEqual({ photos: 'Please choose no more than 2 files.' });

    const total = await readAll(
      multipart([
        ['letter', pdf(7 * KB), 'letter.pdf'],
        ['photos', photo(4 * KB), 'a.jpg'],
        ['photos', photo(2 * KB), 'b.jpg'],
      ]),
      FORM,
    );
    expect(total.uploadProblems).toEqual({ photos: 'Together your files are larger than 12 KB.' });
    expect(total.formData.getAll('photos')).toHaveLength(1);
  });

  it('a file too short to tell, an empty file input and stray files', async () => {
    const { formData, uploadProblems } = await readAll(
      multipart([
        ['letter', Buffer.from('%PD'), 'tiny.pdf'],
        ['photos', Buffer.alloc(0), ''],
        ['name', 'Ann'],
        ['name', 'Ann again'],
        ['extra', photo(), 'stray.jpg'],
      ]),
      FORM,
    );
    expect(uploadProblems).toEqual({ letter: '“tiny.pdf” is not a PDF file.' });
    // The empty input is no file (the parser may hand it over as '' text).
    expect(formData.getAll('photos').filter((v) => typeof v !== 'string')).toEqual([]);
    expect(formData.get('extra')).toBeNull();
    expect(formData.getAll('name')).toEqual(['Ann', 'Ann again']);
  });

  it('cuts a text part short at its limit', async () => {
    const { formData } = await readAll(
      multipart([['name', 'x'.repeat(MAX_TEXT_PART_BYTES + 1000)]]),
      FORM,
    );
    expect(formData.get('name')).toHaveLength(MAX_TEXT_PART_BYTES);
  });

  it('a form without files posts urlencoded; a broken body reads as an empty form', async () => {
    const urlencoded = await readAll(
      new Request('http://x/', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'name=Ann&letter=letter.pdf',
      }),
      FORM,
    );
    expect(urlencoded.formData.get('name')).toBe('Ann');
    expect(urlencoded.formData.get('letter')).toBe('letter.pdf');

    const broken = await readPost(
      new Request('http://x/', {
        method: 'POST',
        headers: { 'content-type': 'multipart/form-data; boundary=XYZ' },
        body: '--XYZ\r\nContent-Disposition: form-data; name="name"\r\n\r\nAnn',
      }),
    );
    expect(broken.kind).toBe('malformed');

    const noBoundary = await readPost(
      new Request('http://x/', {
        method: 'POST',
        headers: { 'content-type': 'multipart/form-data' },
        body: 'name=Ann',
      }),
    );
    expect(noBoundary.kind).toBe('malformed');
  });
});
describe('readFormPost: before and around the files', () => {
  it('keeps a passing file on disk in a private folder, which dispose removes', async () => {
    const store = createUploadStore(parent);
    const post = await readFormPost(
      multipart([
        ['name', 'Ann'],
        ['letter', pdf(6 * KB), 'letter.pdf'],
      ]),
      FORM,
      { store },
    );
    expect(post.kind).toBe('read');
    const folder = await store.folder();
    expect(path.dirname(folder)).toBe(parent);
    expect(fs.statSync(folder).mode & 0o777).toBe(0o700);
    const [kept] = fs.readdirSync(folder);
    expect(fs.statSync(path.join(folder, kept)).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.join(folder, kept)).size).toBe(6 * KB);
    await store.dispose();
    expect(fs.existsSync(folder)).toBe(false);
  });

  it('runs the bot check at the first file with the fields before it; a failure reads no file', async () => {
    const seen: [string, FormDataEntryValue][][] = [];
    const refused = await readPost(
      multipart([
        ['website', ''],
        ['name', 'Ann'],
        ['letter', pdf(6 * KB), 'letter.pdf'],
        ['late', 'after the file'],
      ]),
      FORM,
      {
        beforeFiles: async (fields) => {
          seen.push([...fields]);
          return false;
        },
      },
    );
    expect(refused.kind).toBe('bot');
    expect(seen).toEqual([
      [
        ['website', ''],
        ['name', 'Ann'],
      ],
    ]);

    const passed = await readPost(
      multipart([
        ['name', 'Ann'],
        ['letter', pdf(6 * KB), 'letter.pdf'],
      ]),
      FORM,
      { beforeFiles: async () => true },
    );
    expect(passed).toMatchObject({ kind: 'read', botChecked: true });
    // Without a file part the check is the caller's, after validation.
    const noFiles = await readPost(multipart([['name', 'Ann']]), FORM, {
      beforeFiles: async () => false,
    });
    expect(noFiles).toMatchObject({ kind: 'read', botChecked: false });
  });

  it('stops at the body limit, and refuses a NUL in a name, a value or a file name', async () => {
    const over = await readPost(multipart([['letter', pdf(6 * KB), 'letter.pdf']]), FORM, {
      maxBytes: 4 * KB,
    });
    expect(over.kind).toBe('too-large');
    for (const parts of [
      [['na\0me', 'Ann']],
      [['name', 'A\0nn']],
      [['letter', pdf(), 'a\0.pdf']],
    ] as Part[][]) {
      expect((await readPost(multipart(parts))).kind).toBe('malformed');
    }
  });

  it('refuses a value whose bytes are not UTF-8 (names and file names are read from the part headers, byte for byte, and can hold no invalid text)', async () => {
    const raw = (head: string, value: Buffer) => {
      const b = 'x-boundary';
      const body = Buffer.concat([
        Buffer.from(`--${b}\r\nContent-Disposition: form-data; ${head}\r\n\r\n`),
        value,
        Buffer.from(`\r\n--${b}--\r\n`),
      ]);
      return new Request('http://lins.localhost/forms/test', {
        method: 'POST',
        headers: { 'content-type': `multipart/form-data; boundary=${b}` },
        body,
      });
    };
    const bad = Buffer.from([0x41, 0xff, 0x42]);
    expect((await readPost(raw('name="name"', bad))).kind).toBe('malformed');
    // The same text in good UTF-8 passes.
    expect((await readPost(raw('name="name"', Buffer.from('Anné')))).kind).toBe('read');
  });

  it("a form's body limit: its files, one file over, and room for the text", () => {
    const MB = 1024 * 1024;
    // 12 KB of files at most, one 8 KB file over, 1 MB of text.
    expect(formBodyLimit(FORM)).toBe(12 * KB + 8 * KB + MB);
    const file = FIELDS[1];
    const big = {
      maxTotalBytes: 15 * MB,
      fields: [
        { ...file, name: 'a', maxBytes: 10 * MB },
        { ...file, name: 'b', maxBytes: 10 * MB },
      ],
    };
    expect(formBodyLimit(big)).toBe(25 * MB);
    expect(formBodyLimit({ ...FORM, fields: [FIELDS[0]] })).toBe(MB);
  });

  it('shows a file name with its hidden characters written out', async () => {
    const { formData } = await readAll(multipart([['letter', pdf(), 'invoice\u202Egnp.pdf']]));
    expect((formData.get('letter') as File).name).toBe('invoice[U+202E]gnp.pdf');
  });
});
