/** The names attachments go out under, and how a shopper's file name is shown. */
import { describe, expect, it } from 'vitest';
import { headerText, visibleText } from '~/lib/mail/header-text';
import { attachmentFileName, MAX_FILE_NAME, typeOfMime, visibleFileName } from './attachment-names';

describe('attachmentFileName', () => {
  it('is the field, the place of the file and the extension of its type', () => {
    expect(attachmentFileName('photo', 1, 'png')).toBe('photo-1.png');
    expect(attachmentFileName('photo', 2, 'jpeg')).toBe('photo-2.jpg');
    expect(attachmentFileName('letter_2', 3, 'pdf')).toBe('letter_2-3.pdf');
    expect(attachmentFileName('scan', 1, 'heic')).toBe('scan-1.heic');
    expect(attachmentFileName('scan', 1, null)).toBe('scan-1.bin');
  });

  it('never takes anything of a name that is not a plain field name', () => {
    for (const field of ['../x', '.htaccess', 'a b', 'poly.html', '', 'x\u202Egnp', '1photo']) {
      expect(attachmentFileName(field, 1, 'png')).toBe('file-1.png');
    }
  });
});

describe('typeOfMime', () => {
  it('knows the types the forms take, by their MIME types and aliases', () => {
    expect(typeOfMime('image/png')).toBe('png');
    expect(typeOfMime('image/jpg')).toBe('jpeg');
    expect(typeOfMime('Application/PDF; charset=binary')).toBe('pdf');
    expect(typeOfMime('text/html')).toBeNull();
    expect(typeOfMime('')).toBeNull();
  });
});

describe("a shopper's file name as text", () => {
  it('writes out control, bidi and invisible characters', () => {
    expect(visibleFileName('invoice\u202Egnp.exe')).toBe('invoice[U+202E]gnp.exe');
    expect(visibleFileName('a\u0000b\r\nc\u2066d\u200Be.pdf')).toBe(
      'a[U+0000]b[U+000D][U+000A]c[U+2066]d[U+200B]e.pdf',
    );
    expect(visibleFileName('IMG_2041.jpg')).toBe('IMG_2041.jpg');
    expect(visibleFileName('  ')).toBe('(no name)');
  });

  it('cuts a long name, keeping its extension', () => {
    const long = visibleFileName(`${'x'.repeat(300)}.jpeg`);
    expect(Array.from(long)).toHaveLength(MAX_FILE_NAME);
    expect(long.endsWith('….jpeg')).toBe(true);
  });

  it('header text drops them, one space for each run', () => {
    expect(headerText('Ad: Sunny\u202E Farms\u0007\r\nBcc: x@example.com')).toBe(
      'Ad: Sunny Farms Bcc: x@example.com',
    );
    expect(headerText('\u2067a\u2069\u200Fb\uFEFF')).toBe('a b');
    expect(visibleText('plain text')).toBe('plain text');
  });
});
