import { decodeEntities } from '~/lib/markdown.server';

/**
 * The text/plain alternative of an HTML e-mail body. Unlike the content service's search text
 * (one line, link targets dropped), it keeps paragraphs and line breaks and writes each link as
 * `label (address)`, so a shopper reading plain text can still follow the reset link.
 */
export function mailText(html: string): string {
  const text = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(
      /<a\b[^>]*?\bhref\s*=\s*(?:"([^"]*)"|'([^']*)')[^>]*>([\s\S]*?)<\/a>/gi,
      (_, dq: string | undefined, sq: string | undefined, inner: string) => {
        const href = decodeEntities(dq ?? sq ?? '');
        const label = decodeEntities(inner.replace(/<[^>]*>/g, '')).trim();
        return !label || label === href ? href : `${label} (${href})`;
      },
    )
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li\b[^>]*>/gi, '\n- ')
    .replace(/<\/(?:p|div|h[1-6]|ul|ol|blockquote|pre|table|tr)>/gi, '\n\n')
    .replace(/<(?:hr)\b[^>]*>/gi, '\n\n')
    .replace(/<[^>]*>/g, '');
  return (
    decodeEntities(text)
      .split('\n')
      .map((line) => line.replace(/[ \t]+/g, ' ').trim())
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim() + '\n'
  );
}
