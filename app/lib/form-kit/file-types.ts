/**
 * The file types an upload field may accept (content forms' `accept`, docs/content.md "Forms"),
 * each with the names it goes by (MIME types, file extensions) and the magic number its bytes
 * start with. Only types whose bytes can be checked are offered: the browser's `accept` and a
 * file's name or MIME type are hints a person or a bot can fake; the server trusts the bytes
 * (`sniffFileType`). Free of zod and of Node, so the browser's file input uses it too.
 */

export interface FileType {
  id: FileTypeId;
  /** What the shopper reads in a message: 'PDF', 'JPEG'. */
  label: string;
  /** The MIME type the attachment is sent with. */
  mime: string;
  /** Other MIME types browsers give such a file. */
  aliases: readonly string[];
  /** Lower-case, with the dot. */
  extensions: readonly string[];
  image: boolean;
}

export type FileTypeId = 'jpeg' | 'png' | 'gif' | 'webp' | 'heic' | 'pdf';

export const FILE_TYPES: readonly FileType[] = [
  {
    id: 'jpeg',
    label: 'JPEG',
    mime: 'image/jpeg',
    aliases: ['image/jpg', 'image/pjpeg'],
    extensions: ['.jpg', '.jpeg'],
    image: true,
  },
  { id: 'png', label: 'PNG', mime: 'image/png', aliases: [], extensions: ['.png'], image: true },
  { id: 'gif', label: 'GIF', mime: 'image/gif', aliases: [], extensions: ['.gif'], image: true },
  {
    id: 'webp',
    label: 'WebP',
    mime: 'image/webp',
    aliases: [],
    extensions: ['.webp'],
    image: true,
  },
  // What a phone camera saves by default.
  {
    id: 'heic',
    label: 'HEIC',
    mime: 'image/heic',
    aliases: ['image/heif', 'image/heic-sequence', 'image/heif-sequence'],
    extensions: ['.heic', '.heif'],
    image: true,
  },
  {
    id: 'pdf',
    label: 'PDF',
    mime: 'application/pdf',
    aliases: ['application/x-pdf'],
    extensions: ['.pdf'],
    image: false,
  },
];

const BY_ID = new Map(FILE_TYPES.map((t) => [t.id, t]));

export function fileType(id: FileTypeId): FileType {
  return BY_ID.get(id)!;
}

/**
 * The types one `accept` entry names: a MIME type ('application/pdf'), 'image/*' (every image
 * type above) or an extension ('.pdf'); case does not matter. Empty for anything else (the
 * content schema refuses such an entry).
 */
export function typesOfAcceptEntry(entry: string): FileTypeId[] {
  const value = entry.trim().toLowerCase();
  if (value === 'image/*') return FILE_TYPES.filter((t) => t.image).map((t) => t.id);
  return FILE_TYPES.filter(
    (t) => t.mime === value || t.aliases.includes(value) || t.extensions.includes(value),
  ).map((t) => t.id);
}

/** The `accept` attribute of a file input taking these types (MIME types and extensions). */
export function acceptAttribute(ids: readonly FileTypeId[]): string {
  return ids.flatMap((id) => [fileType(id).mime, ...fileType(id).extensions]).join(',');
}

/** 'PDF', 'JPEG or PNG', 'JPEG, PNG, GIF, WebP or HEIC'. */
export function typesLabel(ids: readonly FileTypeId[]): string {
  const labels = ids.map((id) => fileType(id).label);
  return labels.length <= 1
    ? (labels[0] ?? '')
    : `${labels.slice(0, -1).join(', ')} or ${labels[labels.length - 1]}`;
}

/** The file's extension, lower case with its dot ('' without one). */
function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
}

/**
 * What the browser can check before a file is sent: its MIME type or its name's extension is one
 * of the accepted types'. The server checks the bytes as well.
 */
export function looksAccepted(
  file: { name: string; type: string },
  ids: readonly FileTypeId[],
): boolean {
  const mime = file.type.toLowerCase();
  const extension = extensionOf(file.name);
  return ids.some((id) => {
    const t = fileType(id);
    return (
      (mime !== '' && (t.mime === mime || t.aliases.includes(mime))) ||
      t.extensions.includes(extension)
    );
  });
}

/** Bytes needed to tell every type above apart. */
export const SNIFF_BYTES = 16;

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to));

const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);

/**
 * The type the bytes are (their first SNIFF_BYTES are enough), by magic number; null for
 * anything else. A PDF must start with '%PDF-' (no leading junk), so a file that is something
 * else with a PDF glued on is refused.
 */
export function sniffFileType(bytes: Uint8Array): FileTypeId | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return 'jpeg';
  }
  if (
    bytes.length >= 8 &&
    [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b)
  ) {
    return 'png';
  }
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(ascii(bytes, 0, 6))) return 'gif';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') {
    return 'webp';
  }
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === 'ftyp' && HEIF_BRANDS.has(ascii(bytes, 8, 12))) {
    return 'heic';
  }
  if (bytes.length >= 5 && ascii(bytes, 0, 5) === '%PDF-') return 'pdf';
  return null;
}

/** Past this many characters a file name is cut short on screen (with an ellipsis). */
export const FILE_NAME_DISPLAY_LENGTH = 22;

/** A file name as the file input lists it: cut after 22 characters, with an ellipsis. */
export function truncateFileName(name: string, max = FILE_NAME_DISPLAY_LENGTH): string {
  const chars = Array.from(name);
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : name;
}

/** '2 of 3 files', '1 of 1 file'. */
export function fileCounter(chosen: number, max: number): string {
  return `${chosen} of ${max} file${max === 1 ? '' : 's'}`;
}

/** '5 MB', '1.5 MB', '200 KB' (1 MB = 1024 × 1024 bytes, as operating systems show sizes). */
export function formatBytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (mb >= 1) return `${Number(mb.toFixed(1))} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
