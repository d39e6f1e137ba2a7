/**
 * Text that goes into a mail header (a subject, an attachment's name) or that shows a name a
 * visitor chose (an uploaded file's name in a message body): no control character and no bidi or
 * other invisible formatting character may pass, since they can break a header or make a name
 * read otherwise than it is (`invoice\u202Egnp.exe` shows as `invoiceexe.png`).
 */

/**
 * C0 and C1 controls and DEL, the bidi marks, embeddings, overrides and isolates, and the
 * invisible formatting characters (zero-width space and joiners, word joiner and invisible
 * operators, the byte-order mark, the soft hyphen, the line and paragraph separators).
 */
const HIDDEN =
  /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

/** Whether a text holds a character HIDDEN names. */
export function hasHiddenCharacters(text: string): boolean {
  return new RegExp(HIDDEN.source).test(text);
}

/** Header text: every hidden character (line breaks included) becomes one space, runs folded. */
export function headerText(text: string): string {
  return text.replace(HIDDEN, ' ').replace(/\s+/g, ' ').trim();
}

/**
 * A visitor's text shown for what it is: each hidden character written out as `[U+202E]`, so a
 * reader sees that something was hidden there instead of being misled by it.
 */
export function visibleText(text: string): string {
  return text.replace(
    HIDDEN,
    (c) => `[U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}]`,
  );
}
