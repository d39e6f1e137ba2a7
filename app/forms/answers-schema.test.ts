/** Every validation message of the content forms (docs/reference/forms.md "Messages"). */
import { parseWithZod } from '@conform-to/zod';
import { describe, expect, it } from 'vitest';
import type { FormField } from './types';
import { answersSchema } from './answers-schema';

const MB = 1024 * 1024;

const FIELDS: FormField[] = [
  {
    type: 'text',
    name: 'name',
    label: 'Name',
    required: true,
    help: null,
    maxLength: 10,
    autocomplete: null,
  },
  {
    type: 'text',
    name: 'nick',
    label: 'Nick',
    required: false,
    help: null,
    maxLength: 5,
    autocomplete: null,
  },
  {
    type: 'textarea',
    name: 'message',
    label: 'Message',
    required: true,
    help: null,
    maxLength: 20,
    rows: 3,
  },
  {
    type: 'email',
    name: 'email',
    label: 'Email',
    required: true,
    help: null,
    maxLength: 254,
    autocomplete: null,
  },
  {
    type: 'email',
    name: 'other',
    label: 'Other e-mail',
    required: false,
    help: null,
    maxLength: 254,
    autocomplete: null,
  },
  {
    type: 'phone',
    name: 'phone',
    label: 'Phone',
    required: true,
    help: null,
    maxLength: 254,
    autocomplete: null,
  },
  {
    type: 'phone',
    name: 'phone2',
    label: 'Phone 2',
    required: false,
    help: null,
    maxLength: 254,
    autocomplete: null,
  },
  {
    type: 'radio',
    name: 'contactBy',
    label: 'Reach me',
    required: true,
    help: null,
    options: [
      { value: 'email', label: 'E-mail' },
      { value: 'phone', label: 'Phone' },
    ],
    placeholder: null,
  },
  {
    type: 'select',
    name: 'topic',
    label: 'Topic',
    required: true,
    help: null,
    options: [{ value: 'A', label: 'A' }],
    placeholder: null,
  },
  {
    type: 'select',
    name: 'store',
    label: 'Store',
    required: false,
    help: null,
    options: [{ value: 'one', label: 'One' }],
    placeholder: null,
  },
  {
    type: 'multiselect',
    name: 'depts',
    label: 'Departments',
    required: true,
    help: null,
    options: [
      { value: 'bakery', label: 'Bakery' },
      { value: 'deli', label: 'Deli' },
    ],
    placeholder: null,
  },
  {
    type: 'multiselect',
    name: 'extras',
    label: 'Extras',
    required: false,
    help: null,
    options: [{ value: 'x', label: 'X' }],
    placeholder: null,
  },
  { type: 'checkbox', name: 'agree', label: 'I agree', required: true, help: null },
  { type: 'checkbox', name: 'news', label: 'News', required: false, help: null },
  {
    type: 'file',
    name: 'letter',
    label: 'Letter',
    required: true,
    help: null,
    accept: ['pdf'],
    maxFiles: 1,
    maxBytes: 2 * MB,
  },
  {
    type: 'file',
    name: 'photos',
    label: 'Photos',
    required: false,
    help: null,
    accept: ['jpeg', 'png'],
    maxFiles: 2,
    maxBytes: 2 * MB,
  },
];
const FORM = { fields: FIELDS, maxTotalBytes: 3 * MB };

const file = (name: string, size: number, type = '') =>
  new File([new Uint8Array(size)], name, { type });

/** A complete, valid post. */
function valid(): [string, string | File][] {
  return [
    ['name', ' Ann '],
    ['message', 'Hello\nthere'],
    ['email', 'ann@example.com'],
    ['phone', '8015551234'],
    ['contactBy', 'phone'],
    ['topic', 'A'],
    ['depts', 'bakery'],
    ['depts', 'deli'],
    ['agree', 'on'],
    ['letter', file('letter.pdf', 1000, 'application/pdf')],
  ];
}

function post(entries: [string, string | File][], uploadProblems?: Record<string, string>) {
  const data = new FormData();
  for (const [k, v] of entries) data.append(k, v);
  return parseWithZod(data, { schema: answersSchema(FORM, { uploadProblems }) });
}

/** The posted form with fields replaced (an empty list removes a field). */
function changed(changes: Record<string, (string | File)[]>) {
  const kept = valid().filter(([k]) => !(k in changes));
  const added = Object.entries(changes).flatMap(([k, vs]) =>
    vs.map((v) => [k, v] as [string, string | File]),
  );
  return [...kept, ...added];
}

function errors(entries: [string, string | File][], uploadProblems?: Record<string, string>) {
  const submission = post(entries, uploadProblems);
  return submission.status === 'success' ? {} : (submission.reply().error ?? {});
}

describe('answers schema', () => {
  it('takes a valid post, normalised', () => {
    const submission = post(valid());
    expect(submission.status).toBe('success');
    if (submission.status !== 'success') return;
    const value = submission.value as Record<string, unknown>;
    expect(value).toMatchObject({
      name: 'Ann',
      message: 'Hello\nthere',
      email: 'ann@example.com',
      phone: { masked: '(801) 555-1234', digits: '8015551234' },
      contactBy: 'phone',
      topic: 'A',
      depts: ['bakery', 'deli'],
      agree: true,
      news: false,
    });
    expect(value.nick).toBeUndefined();
    expect(value.other).toBeUndefined();
    expect(value.phone2).toBeUndefined();
    expect(value.store).toBeUndefined();
    expect(value.extras).toBeUndefined();
    expect(value.photos).toBeUndefined();
    expect((value.letter as File[]).map((f) => f.name)).toEqual(['letter.pdf']);
  });

  it("every required field left empty: 'This field is required.'", () => {
    const all = errors([]);
    for (const name of [
      'name',
      'message',
      'email',
      'phone',
      'contactBy',
      'topic',
      'depts',
      'agree',
      'letter',
    ]) {
      expect(all[name], name).toEqual(['This field is required.']);
    }
    for (const name of ['nick', 'other', 'phone2', 'store', 'extras', 'news', 'photos']) {
      expect(all[name], name).toBeUndefined();
    }
    // Blank is empty.
    expect(errors(changed({ name: ['   '] })).name).toEqual(['This field is required.']);
  });

  it("e-mail: 'Please enter a valid email address.', empty allowed unless required", () => {
    expect(errors(changed({ email: ['ann@'] })).email).toEqual([
      'Please enter a valid email address.',
    ]);
    expect(errors(changed({ other: ['ann example.com'] })).other).toEqual([
      'Please enter a valid email address.',
    ]);
    expect(errors(changed({ other: [''] })).other).toBeUndefined();
  });

  it("phone: (###) ###-####, 'Please enter a valid phone number.', empty allowed unless required", () => {
    expect(errors(changed({ phone: ['555-1234'] })).phone).toEqual([
      'Please enter a valid phone number.',
    ]);
    expect(errors(changed({ phone2: ['(801) 555-123'] })).phone2).toEqual([
      'Please enter a valid phone number.',
    ]);
    expect(errors(changed({ phone: ['(801) 555-1234'], phone2: [''] }))).toEqual({});
  });

  it("radio and select: a value that is no option is 'This field is required.'", () => {
    expect(errors(changed({ contactBy: ['fax'] })).contactBy).toEqual(['This field is required.']);
    expect(errors(changed({ topic: ['B'] })).topic).toEqual(['This field is required.']);
    expect(errors(changed({ store: ['two'] })).store).toEqual(['This field is required.']);
  });

  it('multiple choice needs at least one value when required, each an option', () => {
    expect(errors(changed({ depts: [] })).depts).toEqual(['This field is required.']);
    expect(errors(changed({ depts: ['bakery', 'cars'] })).depts).toEqual([
      'This field is required.',
    ]);
    expect(errors(changed({ extras: ['y'] })).extras).toEqual(['This field is required.']);
  });

  it('a required box must be ticked', () => {
    expect(errors(changed({ agree: [] })).agree).toEqual(['This field is required.']);
  });

  it('text over its length', () => {
    expect(errors(changed({ name: ['x'.repeat(11)] })).name).toEqual([
      'Please enter no more than 10 characters.',
    ]);
    expect(errors(changed({ message: ['x'.repeat(21)] })).message).toEqual([
      'Please enter no more than 20 characters.',
    ]);
    expect(errors(changed({ nick: ['x'.repeat(6)] })).nick).toEqual([
      'Please enter no more than 5 characters.',
    ]);
  });

  it('files: count, size, type (by name or MIME type here), and all together', () => {
    const photo = (n: number, size = 1000) => file(`photo-${n}.jpg`, size, 'image/jpeg');
    expect(errors(changed({ photos: [photo(1), photo(2), photo(3)] })).photos).toEqual([
      'Please choose no more than 2 files.',
    ]);
    expect(errors(changed({ letter: [file('letter.pdf', 2 * MB + 1)] })).letter).toEqual([
      '“letter.pdf” is larger than 2 MB.',
    ]);
    expect(
      errors(changed({ letter: [file('letter-from-our-principal.docx', 10)] })).letter,
    ).toEqual(['“letter-from-our-princi…” is not a PDF file.']);
    expect(errors(changed({ photos: [file('a.gif', 10, 'image/gif')] })).photos).toEqual([
      '“a.gif” is not a JPEG or PNG file.',
    ]);
    // 1.5 + 1 + 1 MB: the total passes 3 MB on the photos.
    const total = errors(
      changed({
        letter: [file('letter.pdf', 1.5 * MB)],
        photos: [photo(1, MB), photo(2, MB)],
      }),
    );
    expect(total).toEqual({ photos: ['Together your files are larger than 3 MB.'] });
    // An empty file input posts a nameless empty file: no file.
    expect(errors(changed({ letter: [file('', 0)] })).letter).toEqual(['This field is required.']);
    // Text under a file field's name is no file.
    expect(errors(changed({ letter: ['letter.pdf'] })).letter).toEqual(['This field is required.']);
  });

  it("the server's finding on a file is that field's message, optional field or not", () => {
    // The refused file is not in the post: an optional field must still report it.
    expect(errors(valid(), { photos: '“a.jpg” is larger than 2 MB.' })).toEqual({
      photos: ['“a.jpg” is larger than 2 MB.'],
    });
    expect(errors(valid(), { letter: '“letter.pdf” is not a PDF file.' })).toEqual({
      letter: ['“letter.pdf” is not a PDF file.'],
    });
  });

  it('marks required fields required for the constraint, optional ones not', async () => {
    const { getZodConstraint } = await import('@conform-to/zod');
    const constraint = getZodConstraint(answersSchema(FORM));
    expect(constraint.name?.required).toBe(true);
    expect(constraint.letter?.required).toBe(true);
    expect(constraint.nick?.required).toBeFalsy();
    expect(constraint.photos?.required).toBeFalsy();
    expect(constraint.other?.required).toBeFalsy();
  });
});
