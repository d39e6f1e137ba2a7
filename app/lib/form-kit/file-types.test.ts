import { describe, expect, it } from 'vitest';
import { MAGIC } from '@test/files';
import {
  acceptAttribute,
  fileCounter,
  formatBytes,
  looksAccepted,
  sniffFileType,
  truncateFileName,
  typesLabel,
  typesOfAcceptEntry,
} from './file-types';

const bytes = (...parts: (number[] | string)[]) =>
  Buffer.from(parts.flatMap((p) => (typeof p === 'string' ? [...Buffer.from(p, 'latin1')] : p)));

describe('sniffFileType (magic numbers)', () => {
  it.each(Object.entries(MAGIC))('reads %s', (type, head) => {
    expect(sniffFileType(head)).toBe(type);
  });

  it('knows the other HEIF brands a phone writes', () => {
    expect(sniffFileType(bytes([0, 0, 0, 0x18], 'ftypmif1\0\0\0\0'))).toBe('heic');
    expect(sniffFileType(bytes([0, 0, 0, 0x18], 'ftypmp42\0\0\0\0'))).toBeNull(); // an MP4
  });

  it('refuses what only looks like one by name, or has junk in front', () => {
    expect(sniffFileType(bytes('Hello, this is text.'))).toBeNull();
    expect(sniffFileType(bytes('PK\u0003\u0004 a .docx is a zip'))).toBeNull();
    expect(sniffFileType(bytes(' %PDF-1.7 with a space in front'))).toBeNull();
    expect(sniffFileType(bytes('<html>%PDF-1.7</html>'))).toBeNull();
    expect(sniffFileType(bytes('RIFF\u0024\0\0\0WAVEfmt '))).toBeNull(); // a WAV
    expect(sniffFileType(bytes([0xff, 0xd8]))).toBeNull(); // too short
    expect(sniffFileType(new Uint8Array(0))).toBeNull();
  });
});

describe('accept entries', () => {
  it('reads MIME types, image/* and extensions, in any case', () => {
    expect(typesOfAcceptEntry('image/*')).toEqual(['jpeg', 'png', 'gif', 'webp', 'heic']);
    expect(typesOfAcceptEntry('Application/PDF')).toEqual(['pdf']);
    expect(typesOfAcceptEntry('.JPEG')).toEqual(['jpeg']);
    expect(typesOfAcceptEntry('image/heif')).toEqual(['heic']);
    expect(typesOfAcceptEntry('text/plain')).toEqual([]);
    expect(typesOfAcceptEntry('*/*')).toEqual([]);
  });

  it('builds the input attribute and the words for messages', () => {
    expect(acceptAttribute(['pdf'])).toBe('application/pdf,.pdf');
    expect(acceptAttribute(['jpeg', 'png'])).toBe('image/jpeg,.jpg,.jpeg,image/png,.png');
    expect(typesLabel(['pdf'])).toBe('PDF');
    expect(typesLabel(['jpeg', 'png'])).toBe('JPEG or PNG');
    expect(typesLabel(['jpeg', 'png', 'pdf'])).toBe('JPEG, PNG or PDF');
  });

  it('what the browser can check: the MIME type or the extension', () => {
    expect(looksAccepted({ name: 'scan.pdf', type: '' }, ['pdf'])).toBe(true);
    expect(looksAccepted({ name: 'scan', type: 'application/pdf' }, ['pdf'])).toBe(true);
    expect(looksAccepted({ name: 'IMG_1.HEIC', type: '' }, ['heic'])).toBe(true);
    expect(looksAccepted({ name: 'scan.docx', type: 'application/msword' }, ['pdf'])).toBe(false);
    expect(looksAccepted({ name: '.pdf', type: '' }, ['pdf'])).toBe(false);
  });
});

describe('what the file input shows', () => {
  it('truncates names past 22 characters', () => {
    expect(truncateFileName('a'.repeat(22))).toBe('a'.repeat(22));
    expect(truncateFileName('receipt-from-last-week.pdf')).toBe('receipt-from-last-week…');
    expect(truncateFileName('receipt-from-last-week.pdf')).toHaveLength(23);
    // Characters, not UTF-16 units: an emoji is one.
    expect(truncateFileName('😀'.repeat(23))).toBe(`${'😀'.repeat(22)}…`);
  });

  it('counts the chosen files against the limit', () => {
    expect(fileCounter(2, 3)).toBe('2 of 3 files');
    expect(fileCounter(0, 1)).toBe('0 of 1 file');
  });

  it('writes sizes as people read them', () => {
    expect(formatBytes(5 * 1024 * 1024)).toBe('5 MB');
    expect(formatBytes(1.5 * 1024 * 1024)).toBe('1.5 MB');
    expect(formatBytes(200 * 1024)).toBe('200 KB');
    expect(formatBytes(10)).toBe('1 KB');
  });
});
