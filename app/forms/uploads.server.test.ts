/** Reading a form's post: files streamed through their limits, types read from the bytes. */
import { describe, expect, it } from 'vitest';
import { fileBytes, MAGIC, pdf, photo, text } from '@test/files';
import type { FormField, PublicForm } from './types';
import { attachmentName, MAX_TEXT_PART_BYTES, readFormPost } from './uploads.server';

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

async function bytesOf(value: FormDataEntryValue | null) {
  expect(value).toBeInstanceOf(File);
  return Buffer.from(await (value as File).arrayBuffer());
}

describe('readFormPost', () => {
  it('keeps text and files that pass, with the type their bytes say, bytes unchanged', async () => {
    const letter = pdf(6 * KB);
    const one = photo(2 * KB);
    const two = fileBytes(MAGIC.png, 3 * KB);
    const { formData, uploadProblems } = await readFormPost(
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
    const { formData, uploadProblems } = await readFormPost(
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
    const big = await readFormPost(multipart([['letter', pdf(8 * KB + 1), 'big.pdf']]), FORM);
    expect(big.uploadProblems).toEqual({ letter: '“big.pdf” is larger than 8 KB.' });
    expect(big.formData.get('letter')).toBeNull();

    const many = await readFormPost(
      multipart([
        ['photos', photo(), 'a.jpg'],
        ['photos', photo(), 'b.jpg'],
        ['photos', photo(), 'c.jpg'],
      ]),
      FORM,
    );
    expect(many.uploadProblems).toEqual({ photos: 'Please choose no more than 2 files.' });

    const total = await readFormPost(
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
    const { formData, uploadProblems } = await readFormPost(
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
    const { formData } = await readFormPost(
      multipart([['name', 'x'.repeat(MAX_TEXT_PART_BYTES + 1000)]]),
      FORM,
    );
    expect(formData.get('name')).toHaveLength(MAX_TEXT_PART_BYTES);
  });

  it('a form without files posts urlencoded; a broken body reads as an empty form', async () => {
    const urlencoded = await readFormPost(
      new Request('http://x/', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'name=Ann&letter=letter.pdf',
      }),
      FORM,
    );
    expect(urlencoded.formData.get('name')).toBe('Ann');
    expect(urlencoded.formData.get('letter')).toBe('letter.pdf');

    const broken = await readFormPost(
      new Request('http://x/', {
        method: 'POST',
        headers: { 'content-type': 'multipart/form-data; boundary=XYZ' },
        body: '--XYZ\r\nContent-Disposition: form-data; name="name"\r\n\r\nAnn',
      }),
      FORM,
    );
    expect([...broken.formData.keys()]).toEqual([]);

    const noBoundary = await readFormPost(
      new Request('http://x/', {
        method: 'POST',
        headers: { 'content-type': 'multipart/form-data' },
        body: 'name=Ann',
      }),
      FORM,
    );
    expect([...noBoundary.formData.keys()]).toEqual([]);
  });
});

describe('attachmentName', () => {
  it('drops control characters and separators, keeps the extension when cutting', () => {
    expect(attachmentName('photo.jpg', 'jpeg')).toBe('photo.jpg');
    expect(attachmentName('a\r\nb\u0000c.pdf', 'pdf')).toBe('abc.pdf');
    expect(attachmentName('..\\secret/.pdf', 'pdf')).toBe('.._secret_.pdf');
    expect(attachmentName('  ', 'pdf')).toBe('attachment.pdf');
    const long = attachmentName(`${'x'.repeat(300)}.jpeg`, 'jpeg');
    expect(long).toHaveLength(120);
    expect(long.endsWith('.jpeg')).toBe(true);
  });
});
