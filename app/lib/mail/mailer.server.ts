/**
 * Outgoing mail. With SMTP_URL (smtp:// or smtps://, credentials in the URL) messages go to that
 * server through nodemailer; without it each message becomes an RFC 5322 .eml file in the outbox
 * folder ($DATA_DIR/outbox), which developers open in a mail client and tests parse.
 *
 * The .eml is produced by nodemailer's stream transport, so headers, encodings and MIME parts
 * are exactly what SMTP would carry (CRLF line ends). Files are named
 * `<ISO 8601 basic time>-<random>.eml` (e.g. `20260102T030405.678Z-3f9a1c2b.eml`: sortable by
 * name, no ':' in it), written to a temporary name and renamed, so a reader listing `*.eml` never
 * sees half a message. Messages carry reset links: the folder is 0700 and files 0600.
 */
import crypto from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import nodemailer from 'nodemailer';
import { logger } from '@common/logger.server';
import { headerText } from './header-text';

/** A mailbox: 'a@b.c', 'Name <a@b.c>' or { name, address } (quoted for you). */
export type MailAddress = string | { name: string; address: string };

/**
 * A file sent with a message: its bytes as they are (base64 in the MIME part), in memory or as a
 * stream read once while the message is written (an upload kept on disk).
 */
export interface MailAttachment {
  filename: string;
  content: Buffer | Readable;
  contentType: string;
}

export interface MailMessage {
  from: MailAddress;
  to: MailAddress | MailAddress[];
  cc?: MailAddress | MailAddress[];
  /** Kept as a header in the outbox's .eml (so it can be checked); SMTP sends it as envelope only. */
  bcc?: MailAddress | MailAddress[];
  replyTo?: MailAddress;
  subject: string;
  html: string;
  text: string;
  attachments?: MailAttachment[];
  /**
   * Extra headers (List-Unsubscribe, List-Unsubscribe-Post, X-Case-Number…): one line each, any
   * control or bidi character dropped like the subject's.
   */
  headers?: Record<string, string>;
}

export interface SentMail {
  messageId: string;
  /** The .eml written (outbox mode). */
  file?: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<SentMail>;
  close(): void;
}

export interface MailerOptions {
  /** smtp://user:pass@host:587 or smtps://…: send through this server. */
  smtpUrl?: string;
  /** Where .eml files go when there is no SMTP server ($DATA_DIR/outbox). */
  outboxDir: string;
  /** Connect, greeting and idle-socket timeout of an SMTP exchange. Default 10 s. */
  timeoutMs?: number;
}

export function createMailer(options: MailerOptions): Mailer {
  const mailer = options.smtpUrl
    ? smtpMailer(options.smtpUrl, options.timeoutMs ?? 10_000)
    : outboxMailer(options.outboxDir);
  return { kind: mailer.kind, send: (m) => mailer.send(cleanHeaders(m)), close: mailer.close };
}

/**
 * Whatever a caller built, no control or bidi character reaches the subject or an attachment's
 * name (~/lib/mail/header-text); nodemailer encodes the rest.
 */
function cleanHeaders(message: MailMessage): MailMessage {
  return {
    ...message,
    subject: headerText(message.subject),
    ...(message.headers
      ? {
          headers: Object.fromEntries(
            Object.entries(message.headers).map(([name, value]) => [name, headerText(value)]),
          ),
        }
      : {}),
    ...(message.attachments
      ? {
          attachments: message.attachments.map((a) => ({
            ...a,
            filename: headerText(a.filename) || 'attachment',
          })),
        }
      : {}),
  };
}

function smtpMailer(url: string, timeoutMs: number): Mailer {
  const transport = nodemailer.createTransport({
    url,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  return {
    kind: 'smtp',
    async send(message) {
      const info = await transport.sendMail(message);
      logger.info({ messageId: info.messageId }, 'mail sent');
      return { messageId: info.messageId };
    },
    close() {
      transport.close();
    },
  };
}

function outboxMailer(dir: string): Mailer {
  // Streamed to the file as it is written: a message with large attachments is never whole in
  // memory.
  const transport = nodemailer.createTransport({
    streamTransport: true,
    newline: 'windows',
  });
  return {
    kind: 'outbox',
    async send(message) {
      const info = await transport.sendMail(message);
      const eml = info.message as Readable;
      await fs.mkdir(dir, { recursive: true, mode: 0o700 });
      const stamp = new Date().toISOString().replace(/[-:]/g, '');
      const name = `${stamp}-${crypto.randomBytes(4).toString('hex')}.eml`;
      const file = path.join(dir, name);
      // Temporary name without the .eml suffix, in the same folder (rename is atomic there).
      const temp = path.join(dir, `.${name}.${process.pid}.tmp`);
      try {
        await pipeline(eml, createWriteStream(temp, { mode: 0o600 }));
        await fs.rename(temp, file);
      } catch (error) {
        await fs.rm(temp, { force: true });
        throw error;
      }
      logger.info({ messageId: info.messageId, file }, 'mail written to the outbox');
      return { messageId: info.messageId, file };
    },
    close() {
      transport.close();
    },
  };
}
