import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { expect, test } from '@playwright/test';
import { startSiteProcess, type SiteProcess } from '../kit/site-process';
import { PORT } from '../kit/support';

/**
 * What big uploads cost the site process (docs/reference/forms.md "Rules": a post is checked
 * before it is read, its files streamed to disk, a few posts read at once). A site process of its
 * own, with a form taking the most the content schema allows (two file fields, 15 MB in all, so
 * a 24 MB post passes the body limits and is really read), gets 16 posts of 24 MB at once from
 * loopback: its RSS may grow by at most 64 MB. Then 16 posts as large as the form takes (15 MB of
 * files each), all mailed: at most 64 MB again. The same address, now over its limit, sends 16
 * more of 24 MB: they are refused before they are read, and RSS may grow by at most 16 MB. Memory is the
 * process's peak (VmHWM, reset before each phase), not a sample that could miss the top.
 */

test.describe.configure({ mode: 'default' });
test.setTimeout(120_000);

const MB = 1024 * 1024;
const POSTS = 16;
const POST_BYTES = 24 * MB;
const SITE = 'lins';
const SLUG = 'upload-limits';

/** The biggest form the content schema lets an editor write. */
const FORM = {
  title: 'Send us your files',
  fields: [
    { type: 'text', name: 'name', label: 'Your name', required: true },
    {
      type: 'file',
      name: 'photo',
      label: 'Photo',
      accept: ['image/*'],
      maxFiles: 1,
      maxBytes: 10 * MB,
    },
    {
      type: 'file',
      name: 'scan',
      label: 'Scan',
      accept: ['application/pdf', 'image/*'],
      maxFiles: 1,
      maxBytes: 10 * MB,
    },
  ],
  maxTotalBytes: 15 * MB,
  action: {
    type: 'email',
    to: 'files@example.com',
    attachments: ['photo', 'scan'],
    successMessage: 'Thank you.',
  },
};

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** One process's memory figures from /proc, in MB. */
function memory(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/** Resets the process's peak RSS (VmHWM) to its RSS now (Linux: `5` to clear_refs). */
function resetPeak(pid: number) {
  fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

/** A file of a post: its field, its name, its first bytes and its size. */
interface Upload {
  field: string;
  name: string;
  magic: Buffer;
  bytes: number;
}

const PDF_MAGIC = Buffer.from('%PDF-1.7\n%\u00e2\u00e3\u00cf\u00d3\n', 'latin1');

/** The attack: one PNG-headed file filling a post of POST_BYTES (its field takes 10 MB). */
const ATTACK: Upload[] = [{ field: 'photo', name: 'big.png', magic: PNG_MAGIC, bytes: -1 }];
/** A visitor's post as large as the form takes: 10 MB and 5 MB, both mailed. */
const LARGEST_VALID: Upload[] = [
  { field: 'photo', name: 'photo.png', magic: PNG_MAGIC, bytes: 10 * MB },
  { field: 'scan', name: 'scan.pdf', magic: PDF_MAGIC, bytes: 5 * MB - 64 * 1024 },
];

/**
 * Sends one multipart post: the bot check's fields first (as the page sends them), the name,
 * then the files, written from one shared chunk so the test's own memory stays flat (a file of
 * `bytes: -1` fills the post up to POST_BYTES). Resolves with the answer's status (0: the server
 * closed the connection without one).
 */
function sendUpload(site: SiteProcess, stamp: string, uploads: Upload[]): Promise<number> {
  const boundary = `----upload${Math.random().toString(16).slice(2)}`;
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const fileHead = (u: Upload) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${u.field}"; filename="${u.name}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    );
  const head = Buffer.from(
    field('website', '') + field('formStarted', stamp) + field('name', 'Ann Shopper'),
  );
  const tail = Buffer.from(`--${boundary}--\r\n`);
  const framing =
    head.length + tail.length + uploads.reduce((n, u) => n + fileHead(u).length + 2, 0);
  const fixed = uploads.reduce((n, u) => n + Math.max(u.bytes, 0), 0);
  const files = uploads.map((u) => ({
    ...u,
    bytes: u.bytes >= 0 ? u.bytes : POST_BYTES - framing - fixed,
  }));
  const total = framing + files.reduce((n, u) => n + u.bytes, 0);
  const chunk = Buffer.alloc(256 * 1024, 7);
  return new Promise((resolve) => {
    let settled = false;
    const done = (status: number) => {
      if (!settled) resolve(status);
      settled = true;
    };
    const req = http.request(
      {
        host: '127.0.0.1',
        port: site.port,
        path: `/forms/${SLUG}`,
        method: 'POST',
        headers: {
          host: `${SITE}.localhost:${site.port}`,
          origin: `http://${SITE}.localhost:${site.port}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': total,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => done(res.statusCode ?? 0));
        res.on('error', () => done(res.statusCode ?? 0));
      },
    );
    // A server that answers before reading closes while the client still writes.
    req.on('error', () => done(0));
    const write = async (data: Buffer) => {
      if (req.destroyed || req.write(data)) return;
      await new Promise<void>((r) => {
        const go = () => {
          req.off('drain', go);
          req.off('close', go);
          r();
        };
        req.on('drain', go);
        req.on('close', go);
      });
    };
    const send = async () => {
      await write(head);
      for (const file of files) {
        await write(fileHead(file));
        await write(file.magic);
        let left = file.bytes - file.magic.length;
        while (left > 0 && !req.destroyed) {
          const part = chunk.subarray(0, Math.min(chunk.length, left));
          left -= part.length;
          await write(part);
        }
        await write(Buffer.from('\r\n'));
      }
      if (!req.destroyed) req.end(tail);
    };
    void send();
  });
}

/** The form page's signed honeypot stamp. */
async function formStamp(site: SiteProcess): Promise<string> {
  const html = await new Promise<string>((resolve, reject) => {
    http
      .get(
        {
          host: '127.0.0.1',
          port: site.port,
          path: `/forms/${SLUG}`,
          headers: { host: `${SITE}.localhost:${site.port}` },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (text += c));
          res.on('end', () => resolve(text));
        },
      )
      .on('error', reject);
  });
  const stamp = /name="formStarted" value="([^"]+)"/.exec(html)?.[1];
  if (!stamp) throw new Error(`no honeypot stamp on /forms/${SLUG}`);
  return stamp;
}

/** Sends POSTS uploads at once; the statuses and the peak RSS growth over the RSS before. */
async function burst(site: SiteProcess, stamp: string, uploads: Upload[]) {
  // Let the last phase's garbage go before the baseline is read.
  await delay(1000);
  const before = memory(site.pid).rss;
  resetPeak(site.pid);
  const started = Date.now();
  const statuses = await Promise.all(
    Array.from({ length: POSTS }, () => sendUpload(site, stamp, uploads)),
  );
  const seconds = (Date.now() - started) / 1000;
  const addedMb = memory(site.pid).peak - before;
  return { statuses, addedMb, seconds, before };
}

test('16 uploads of 24 MB (or 15 MB mailed) at once grow the site by at most 64 MB, by 16 MB once the address is over its limit', async () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-upload-memory-'));
  const content = path.join(tmp, 'content');
  fs.cpSync('content', content, { recursive: true });
  fs.writeFileSync(path.join(content, 'shared', 'forms', `${SLUG}.json`), JSON.stringify(FORM));
  // The site's temporary files go here: whatever it keeps of a post must be gone afterwards.
  const siteTmp = path.join(tmp, 'site-tmp');
  fs.mkdirSync(siteTmp);

  const site = await startSiteProcess({
    port: PORT + 31,
    name: 'upload-memory',
    env: {
      CONTENT_DIR: content,
      TMPDIR: siteTmp,
      WEB_CONCURRENCY: '1',
      // One warm-up post and two bursts pass the address limit; the third burst does not.
      RATE_LIMIT_IP_PER_MINUTE: String(2 * POSTS + 1),
    },
  });
  try {
    const stamp = await formStamp(site);
    // Warm-up: the first post compiles and loads what every post uses.
    expect(await sendUpload(site, stamp, ATTACK)).toBe(400);

    const open = await burst(site, stamp, ATTACK);
    const valid = await burst(site, stamp, LARGEST_VALID);
    const limited = await burst(site, stamp, ATTACK);
    console.log(
      `upload memory: ${POSTS} posts of ${POST_BYTES / MB} MB: +${open.addedMb.toFixed(1)} MB ` +
        `(from ${open.before.toFixed(0)} MB, ${open.seconds.toFixed(1)} s, ${open.statuses.join(' ')}); ` +
        `${POSTS} posts of 15 MB mailed: +${valid.addedMb.toFixed(1)} MB ` +
        `(${valid.seconds.toFixed(1)} s, ${valid.statuses.join(' ')}); ` +
        `over the address limit: +${limited.addedMb.toFixed(1)} MB ` +
        `(${limited.seconds.toFixed(1)} s, ${limited.statuses.join(' ')})`,
    );

    // Read and answered on the form ("larger than 10 MB"), or asked to come back (503).
    for (const status of open.statuses) expect([400, 503]).toContain(status);
    expect(open.statuses.filter((s) => s === 400).length).toBeGreaterThan(0);
    for (const status of limited.statuses) expect(status).toBe(429);
    // Sent (the success page), or asked to come back.
    for (const status of valid.statuses) expect([302, 503]).toContain(status);
    const sent = valid.statuses.filter((s) => s === 302).length;
    expect(sent).toBeGreaterThan(0);
    expect(
      fs.readdirSync(path.join(site.dataDir, 'outbox')).filter((f) => f.endsWith('.eml')),
    ).toHaveLength(sent);
    expect(open.addedMb).toBeLessThanOrEqual(64);
    expect(valid.addedMb).toBeLessThanOrEqual(64);
    expect(limited.addedMb).toBeLessThanOrEqual(16);
    // Nothing of the posts is left on disk.
    expect(fs.readdirSync(siteTmp)).toEqual([]);
    expect(site.errorLogs()).toEqual([]);
  } finally {
    await site.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
});
