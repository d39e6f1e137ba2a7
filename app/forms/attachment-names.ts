/**
 * The names of a content form's attachments (docs/reference/forms.md "The e-mail"). An
 * attachment is named by the server, `<field>-<n><ext>` (`photo-1.png`): the field's name (letters,
 * digits and `_`, checked by the form file's schema; anything else reads `file`), the file's place
 * among that field's files, and the extension of the type its bytes were found to be
 * (~/lib/form-kit/file-types). The visitor's own name for the file (`poly.html`, `.htaccess`,
 * `invoice\u202Egnp.exe`) never reaches a header; it shows only in the message body, HTML-escaped
 * there and with its hidden characters written out (`visibleFileName`).
 */
import { fileType, FILE_TYPES, type FileTypeId } from '~/lib/form-kit/file-types';
import { visibleText } from '~/lib/mail/header-text';

/** A visitor's file name, as shown, at most (longer names are cut, their extension kept). */
export const MAX_FILE_NAME = 120;

const FIELD_NAME = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;

/** The type a MIME type names (the one the upload reader gave the file), else null. */
export function typeOfMime(mime: string): FileTypeId | null {
  const value = mime.split(';')[0].trim().toLowerCase();
  return FILE_TYPES.find((t) => t.mime === value || t.aliases.includes(value))?.id ?? null;
}

/** `photo-1.png`: the attachment name of the `n`th file (from 1) of `field`, of type `type`. */
export function attachmentFileName(field: string, n: number, type: FileTypeId | null): string {
  const base = FIELD_NAME.test(field) ? field : 'file';
  const extension = type ? fileType(type).extensions[0] : '.bin';
  return `${base}-${Math.max(1, Math.floor(n))}${extension}`;
}

/**
 * A visitor's file name as text to show: its hidden characters written out (`[U+202E]`), at most
 * MAX_FILE_NAME characters (the end kept when it looks like an extension), never empty. It still
 * needs the escaping of wherever it goes (HTML).
 */
export function visibleFileName(name: string): string {
  const shown = visibleText(name.trim());
  const chars = Array.from(shown);
  if (chars.length === 0) return '(no name)';
  if (chars.length <= MAX_FILE_NAME) return shown;
  const dot = shown.lastIndexOf('.');
  const extension = dot > 0 ? Array.from(shown.slice(dot)).slice(0, 10).join('') : '';
  return `${chars.slice(0, MAX_FILE_NAME - 1 - Array.from(extension).length).join('')}…${extension}`;
}
