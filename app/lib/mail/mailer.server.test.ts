import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createMailer } from './mailer.server';
import type { StructuredHeader } from 'mailparser';
import { parseMail, readOutbox } from '@test/outbox';

const folders: string[] = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mailer-'));
  folders.push(dir);
  return path.join(dir, 'outbox');
}
afterAll(() => {
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

const message = {
  from: { name: 'Corner Market', address: 'no-reply@corner.example' },
  to: 'Shopper@Example.com',
  replyTo: 'help@corner.example',
  subject: 'Réinitialiser your password',
  text: `Hello,\n\nFollow https://corner.example/reset-password?token=${'x'.repeat(80)}&address=a%40b.c\n`,
  html: '<p>Hello, <a href="https://corner.example/reset-password?token=abc&amp;address=a%40b.c">reset</a> ✓</p>',
};

describe('outbox mailer', () => {
  it('writes one RFC 5322 .eml per message, atomically, readable only by the owner', async () => {
    const dir = tempDir();
    const mailer = createMailer({ outboxDir: dir });
    expect(mailer.kind).toBe('outbox');
    const sent = await mailer.send(message);
    mailer.close();

    const names = fs.readdirSync(dir);
    expect(names).toHaveLength(1); // no temporary file left behind
    expect(names[0]).toMatch(/^\d{8}T\d{6}\.\d{3}Z-[0-9a-f]{8}\.eml$/);
    expect(sent.file).toBe(path.join(dir, names[0]));
    expect(fs.statSync(sent.file!).mode & 0o777).toBe(0o600);

    const raw = fs.readFileSync(sent.file!, 'utf8');
    expect(raw).toMatch(/\r\n\r\n/); // CRLF line ends, as on the wire
    expect(raw).not.toMatch(/[^\r]\n/);
    const mail = await parseMail(raw);
    expect(mail.headers.get('message-id')).toBe(sent.messageId);
    expect(mail.headers.get('mime-version')).toBe('1.0');
    expect((mail.headers.get('content-type') as StructuredHeader).value).toBe(
      'multipart/alternative',
    );
    expect(mail.subject).toBe(message.subject);
    expect(mail.from).toBe('"Corner Market" <no-reply@corner.example>');
    expect(mail.to).toBe('Shopper@example.com'); // nodemailer lower-cases the domain
    expect(mail.replyTo).toBe('help@corner.example');
    expect(mail.text?.replace(/\r\n/g, '\n')).toBe(message.text);
    expect(mail.html).toBe(message.html);
  });

  it('keeps messages apart and lists them oldest first', async () => {
    const dir = tempDir();
    const mailer = createMailer({ outboxDir: dir });
    await mailer.send({ ...message, subject: 'one' });
    await mailer.send({ ...message, subject: 'two' });
    const entries = await readOutbox(dir);
    expect(entries.map((e) => e.mail.subject)).toEqual(['one', 'two']);
    expect(await readOutbox(path.join(dir, 'missing'))).toEqual([]);
  });
});

/** A minimal SMTP server on loopback that accepts every message and keeps it. */
function startSmtpSink() {
  const received: { from: string; to: string[]; data: string }[] = [];
  const server = net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    let current = { from: '', to: [] as string[], data: '' };
    socket.write('220 sink.test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          current.data = buffer.slice(0, end + 2).replace(/\r\n\.\./g, '\r\n.');
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(current);
          current = { from: '', to: [], data: '' };
          socket.write('250 2.0.0 queued\r\n');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol === -1) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250-sink.test\r\n250 8BITMIME\r\n');
        else if (verb === 'MAIL') {
          current.from = /<([^>]*)>/.exec(line)?.[1] ?? '';
          socket.write('250 2.1.0 ok\r\n');
        } else if (verb === 'RCPT') {
          current.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          socket.write('250 2.1.5 ok\r\n');
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') {
          socket.end('221 2.0.0 bye\r\n');
          return;
        } else socket.write('250 ok\r\n');
      }
    });
    socket.on('error', () => undefined);
  });
  return new Promise<{ port: number; received: typeof received; close: () => Promise<void> }>(
    (resolve) => {
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as net.AddressInfo;
        resolve({
          port,
          received,
          close: () => new Promise<void>((done) => server.close(() => done())),
        });
      });
    },
  );
}

describe('SMTP mailer', () => {
  let closeSink: (() => Promise<void>) | null = null;
  afterEach(async () => {
    await closeSink?.();
    closeSink = null;
  });

  it('sends through the SMTP_URL server and writes nothing to the outbox', async () => {
    const sink = await startSmtpSink();
    closeSink = sink.close;
    const dir = tempDir();
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${sink.port}`, outboxDir: dir });
    expect(mailer.kind).toBe('smtp');
    const sent = await mailer.send(message);
    mailer.close();

    expect(sink.received).toHaveLength(1);
    const [got] = sink.received;
    expect(got.from).toBe('no-reply@corner.example');
    expect(got.to).toEqual(['Shopper@example.com']);
    const mail = await parseMail(got.data);
    expect(mail.headers.get('message-id')).toBe(sent.messageId);
    expect(mail.subject).toBe(message.subject);
    expect(mail.html).toBe(message.html);
    expect(mail.text?.replace(/\r\n/g, '\n')).toBe(message.text);
    expect(fs.existsSync(dir)).toBe(false);
  });

  it('fails when the server cannot be reached', async () => {
    const sink = await startSmtpSink();
    await sink.close(); // a port nobody listens on any more
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${sink.port}`,
      outboxDir: tempDir(),
      timeoutMs: 2000,
    });
    await expect(mailer.send(message)).rejects.toThrow();
    mailer.close();
  });
});
