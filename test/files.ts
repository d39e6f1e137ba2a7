/**
 * Files for the upload tests (unit, action and end-to-end): the start of a real file of each
 * type the content forms take, and whole files of a chosen size built on it.
 */

const bytes = (...parts: (number[] | string)[]): Buffer<ArrayBuffer> =>
  Buffer.from(parts.flatMap((p) => (typeof p === 'string' ? [...Buffer.from(p, 'latin1')] : p)));

/** The first bytes of a file of each type (its magic number and a little more). */
export const MAGIC = {
  jpeg: bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], 'JFIF\0\u0001\u0001\0\0\u0001'),
  png: bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], '\0\0\0\rIHDR'),
  gif: bytes('GIF89a\u0001\0\u0001\0\u0080\0\0\0\0\0'),
  webp: bytes('RIFF\u0024\0\0\0WEBPVP8 '),
  heic: bytes([0, 0, 0, 0x18], 'ftypheic\0\0\0\0'),
  pdf: bytes('%PDF-1.7\n%\u00e2\u00e3\u00cf\u00d3\n'),
} as const;

/**
 * A file of `size` bytes starting with `head`, the rest bytes of every value (so an attachment
 * that changed one byte in transit, e.g. a CR LF rewritten, differs).
 */
export function fileBytes(head: Buffer, size: number): Buffer<ArrayBuffer> {
  const out = Buffer.alloc(Math.max(size, head.length));
  head.copy(out);
  for (let i = head.length; i < out.length; i++) out[i] = (i * 7 + 13) % 256;
  return out;
}

/** A small JPEG-looking photo (its bytes are a JPEG's start and noise). */
export const photo = (size = 4096): Buffer<ArrayBuffer> => fileBytes(MAGIC.jpeg, size);
/** A small PDF-looking document. */
export const pdf = (size = 4096): Buffer<ArrayBuffer> => fileBytes(MAGIC.pdf, size);
/** Text, which no form takes as a file. */
export const text = (size = 64): Buffer<ArrayBuffer> =>
  Buffer.from('Just some text, not a document.\n'.repeat(size / 32));
