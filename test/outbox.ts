/**
 * Reading the development outbox (DATA_DIR/outbox, one .eml per message when SMTP_URL is unset)
 * with mailparser, for tests and tools: the unit tests of the mailer, an end-to-end test that
 * follows the link of a password-reset e-mail, and the content forms' tests (their Cc, Bcc and
 * attachments).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { simpleParser, type AddressObject, type Headers } from 'mailparser';

export interface OutboxMail {
  /**
   * mailparser's header map: lower-case names, the first value of a single header, structured
   * values where a header has parts (`content-type` is `{ value, params }`, addresses are address
   * objects, `date` a Date).
   */
  headers: Headers;
  subject: string;
  /** The addresses as mailparser writes them: `"Name" <address>`, or the bare address. */
  from: string;
  to: string;
  replyTo: string | null;
  /** The bare addresses of To:, lower-cased. */
  recipients: string[];
  /** The bare addresses of Cc: and Bcc: (the outbox keeps Bcc), lower-cased. */
  cc: string[];
  bcc: string[];
  text: string | null;
  html: string | null;
  /** The attached files, their bytes decoded from the MIME part. */
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

export interface OutboxEntry {
  file: string;
  mail: OutboxMail;
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
      return { file, mail: await parseMail(await fs.readFile(file)) };
    }),
  );
}

/**
 * The newest message to an address (case-insensitive), or null; with `where`, the newest one
 * that also passes it (e.g. whose text names a brand's host).
 */
export async function latestMailTo(
  dir: string,
  address: string,
  where: (mail: OutboxMail) => boolean = () => true,
): Promise<OutboxMail | null> {
  const wanted = address.trim().toLowerCase();
  const entries = await readOutbox(dir);
  for (let i = entries.length - 1; i >= 0; i--) {
    const { mail } = entries[i];
    if (mail.recipients.includes(wanted) && where(mail)) return mail;
  }
  return null;
}

/** One message as written to the outbox or received by an SMTP server. */
export async function parseMail(raw: string | Buffer): Promise<OutboxMail> {
  const parsed = await simpleParser(raw, { skipTextToHtml: true, skipImageLinks: true });
  const to = addressList(parsed.to);
  const bare = (list: AddressObject[]) =>
    list.flatMap((a) => a.value.map((v) => (v.address ?? '').toLowerCase()));
  return {
    headers: parsed.headers,
    subject: parsed.subject ?? '',
    from: parsed.from?.text ?? '',
    to: to.map((a) => a.text).join(', '),
    replyTo: parsed.replyTo?.text ?? null,
    recipients: bare(to),
    cc: bare(addressList(parsed.cc)),
    bcc: bare(addressList(parsed.bcc)),
    text: parsed.text ?? null,
    html: parsed.html === false ? null : parsed.html,
    attachments: parsed.attachments.map((a) => ({
      filename: a.filename ?? '',
      contentType: a.contentType,
      content: a.content,
    })),
  };
}

function addressList(value: AddressObject | AddressObject[] | undefined): AddressObject[] {
  if (!value) return [];
  return Array.isArray(value) ? value : [value];
}
