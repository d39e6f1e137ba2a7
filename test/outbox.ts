/**
 * Reading the development outbox: a small RFC 5322 / MIME reader for the messages this site
 * writes (nodemailer output: multipart/alternative with quoted-printable or base64 parts,
 * encoded-word headers). For tests and tools, e.g. an end-to-end test that follows the link of
 * a password-reset e-mail; not a general-purpose mail parser.
 */
import fs from 'node:fs/promises';
import path from 'node:path';

export interface ParsedMail {
  /** Header names lower-cased; a repeated header keeps its first value; encoded words decoded. */
  headers: Record<string, string>;
  subject: string;
  from: string;
  to: string;
  replyTo: string | null;
  text: string | null;
  html: string | null;
}

export interface OutboxEntry {
  file: string;
  mail: ParsedMail;
}

/** The outbox's messages, oldest first (file names start with the time). */
export async function readOutbox(dir: string): Promise<OutboxEntry[]> {
  let names: string[];
  try {
    names = (await fs.readdir(dir)).filter((n) => n.endsWith('.eml')).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return Promise.all(
    names.map(async (name) => {
      const file = path.join(dir, name);
      return { file, mail: parseMail(await fs.readFile(file, 'utf8')) };
    }),
  );
}

/** The newest message to an address (case-insensitive), or null. */
export async function latestMailTo(dir: string, address: string): Promise<ParsedMail | null> {
  const wanted = address.trim().toLowerCase();
  const entries = await readOutbox(dir);
  for (let i = entries.length - 1; i >= 0; i--) {
    if (entries[i].mail.to.toLowerCase().includes(wanted)) return entries[i].mail;
  }
  return null;
}

export function parseMail(raw: string): ParsedMail {
  const part = parsePart(raw);
  const headers = part.headers;
  return {
    headers,
    subject: headers.subject ?? '',
    from: headers.from ?? '',
    to: headers.to ?? '',
    replyTo: headers['reply-to'] ?? null,
    text: part.text,
    html: part.html,
  };
}

interface Part {
  headers: Record<string, string>;
  text: string | null;
  html: string | null;
}

function parsePart(raw: string): Part {
  const split = /\r?\n\r?\n/.exec(raw);
  const head = split ? raw.slice(0, split.index) : raw;
  const body = split ? raw.slice(split.index + split[0].length) : '';
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!(name in headers)) headers[name] = decodeWords(line.slice(colon + 1).trim());
  }
  const type = (headers['content-type'] ?? 'text/plain').toLowerCase();
  const result: Part = { headers, text: null, html: null };
  if (type.startsWith('multipart/')) {
    const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
    if (!boundary) return result;
    const pieces = body.split(
      new RegExp(`\\r?\\n?--${escapeRegExp(boundary)}(?:--)?[ \\t]*\\r?\\n?`),
    );
    // pieces[0] is the preamble, the last one the epilogue.
    for (const piece of pieces.slice(1, -1)) {
      const child = parsePart(piece);
      result.text ??= child.text;
      result.html ??= child.html;
    }
    return result;
  }
  const decoded = decodeBody(body, headers['content-transfer-encoding'] ?? '7bit');
  if (type.startsWith('text/html')) result.html = decoded;
  else if (type.startsWith('text/plain')) result.text = decoded;
  return result;
}

function decodeBody(body: string, encoding: string): string {
  switch (encoding.toLowerCase()) {
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const soft = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i], 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words (=?utf-8?Q?…?= / =?utf-8?B?…?=); whitespace between two is dropped. */
function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(
      /=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g,
      (_, _charset: string, kind: string, data: string) =>
        kind.toUpperCase() === 'B'
          ? Buffer.from(data, 'base64').toString('utf8')
          : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
