import type http from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { FORM_BODY_LIMIT, FORM_TEXT_BODY_LIMIT, FORMS_PATH } from '~/lib/form-kit/upload-limits';

/**
 * What a brand's request may be before the app reads it (every request is bounded, and no input
 * gives a 500):
 *
 * - methods: GET, HEAD and POST reach the app; OPTIONS is answered here (204 with `Allow`); any
 *   other method (TRACE, PUT, DELETE, PATCH, PROPFIND, …) is a 405 with `Allow`;
 * - a POST carries a form: `application/x-www-form-urlencoded` or `multipart/form-data`, else 415
 *   (no type at all is fine for an empty body: an empty form); its body is read here, bounded
 *   while it streams (over the limit: 413, a too large Content-Length before anything is read);
 *   a body that does not parse as its type says (broken multipart, no boundary) is a 400, and so
 *   is a NUL or text that is not UTF-8 in any field name, value or file name;
 * - the query string of every request (GET, HEAD and POST alike): a NUL (`%00`) or bytes that are
 *   not UTF-8 (`%FF`, `%C3%28`, an overlong or surrogate sequence) in any name or value is a
 *   400, so neither reaches a loader, an action or a store (PostgreSQL refuses both in text:
 *   the request would end as a 500);
 * - the body read here is what the Remix handler gives the app (server/remix-handler.ts), so the
 *   socket is never read twice;
 * - except on a path whose limit says `streamed` (the content forms): a multipart post there is
 *   checked here (type, coding, declared length) but not read; the app reads it as a stream
 *   (`bodyStream`, still bounded at the path's limit) after its own checks, and an answer given
 *   before the body was read closes the connection (closeWhenBodyUnread). A urlencoded post there
 *   carries no files and is read here, bounded at the path's `textBytes`.
 *
 * Refusals go to the app's error handler as errors with a `status` (server/app.ts answers them
 * with the brand's error page). Mount after the brand is known and before the origin check.
 */

/** What the site answers to at all (the `Allow` of a 405 and of OPTIONS). */
export const ALLOWED_METHODS = 'GET, HEAD, POST';

/** A form post: the fields of the biggest form with room to spare. */
export const DEFAULT_BODY_LIMIT = 64 * 1024;

export interface BodyLimit {
  /** A route's path (`/account`): the limit holds for it and every path below it. */
  prefix: string;
  bytes: number;
  /**
   * A multipart post is handed to the app unread, as a stream of at most `bytes` (see the module
   * comment); a urlencoded one is read here, at most `textBytes` (default DEFAULT_BODY_LIMIT).
   */
  streamed?: boolean;
  textBytes?: number;
}

/**
 * Routes that take more than DEFAULT_BODY_LIMIT: the content forms, whose posts carry files
 * (app/forms/uploads.server.ts holds each form's own limits while it reads; this one only bounds
 * what may be read at all). The longest prefix that matches wins; a prefix matches on whole path
 * segments and also covers the route's data URL (`/forms/contact.data`, the single-fetch post of
 * a JavaScript form).
 */
export const BODY_LIMITS: readonly BodyLimit[] = [
  { prefix: FORMS_PATH, bytes: FORM_BODY_LIMIT, streamed: true, textBytes: FORM_TEXT_BODY_LIMIT },
];

const URLENCODED = 'application/x-www-form-urlencoded';
const FORM_TYPES = new Set([URLENCODED, 'multipart/form-data']);

/** A refused request: the error handler answers it with this status and the error page. */
export class RequestRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'RequestRefused';
  }
}

/** The body of a post that passed the gate, as the app gets it. */
export interface GatedBody {
  /** The body, or null for a streamed post: the app reads it (`bodyStream`), at most `limit`. */
  bytes: Buffer<ArrayBuffer> | null;
  /** The request's own type, or the urlencoded type for an empty body that named none. */
  contentType: string;
  limit: number;
}

const bodies = new WeakMap<http.IncomingMessage, GatedBody>();

/** The body the gate read for this request (undefined: not a post, or the gate did not run). */
export function gatedBody(req: http.IncomingMessage): GatedBody | undefined {
  return bodies.get(req);
}

/** The limit for a path: the longest matching BODY_LIMITS prefix, else the default. */
export function bodyLimitFor(
  path: string,
  limits: readonly BodyLimit[] = BODY_LIMITS,
  fallback = DEFAULT_BODY_LIMIT,
): number {
  return bodyRuleFor(path, limits, fallback).bytes;
}

/** The whole BodyLimit of a path (the default: `fallback` bytes, read here). */
export function bodyRuleFor(
  path: string,
  limits: readonly BodyLimit[] = BODY_LIMITS,
  fallback = DEFAULT_BODY_LIMIT,
): BodyLimit {
  // A route's single-fetch URL (`/x.data`, `/_root.data` for the index) is the route's own.
  const routePath = path === '/_root.data' ? '/' : path.replace(/\.data$/, '');
  let longest = -1;
  let rule: BodyLimit = { prefix: '', bytes: fallback };
  for (const limit of limits) {
    const prefix = limit.prefix.replace(/\/+$/, '');
    const matches = prefix === '' || routePath === prefix || routePath.startsWith(`${prefix}/`);
    if (matches && prefix.length > longest) {
      longest = prefix.length;
      rule = limit;
    }
  }
  return rule;
}

/** Whether the request announces a body (a length above 0, or chunks). */
export function announcesBody(req: http.IncomingMessage): boolean {
  if (req.headers['transfer-encoding'] !== undefined) return true;
  const length = req.headers['content-length'];
  return length !== undefined && length !== '0';
}

/**
 * First middleware of the app: an answer sent while the request's body is still (partly)
 * unread carries `Connection: close`, so Node closes the socket once the answer is out instead
 * of keeping it for a next request that would wait behind the unread bytes (a keep-alive client
 * hung for the whole keep-alive timeout before). Covers every early answer: an unknown host, a
 * refused method or type, a body over the limit, a GET sent with a body.
 */
export function closeWhenBodyUnread(req: Request, res: Response, next: NextFunction) {
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, ...args: unknown[]) {
    if (!req.complete && announcesBody(req) && !this.headersSent) {
      this.setHeader('Connection', 'close');
    }
    return (writeHead as (...a: unknown[]) => Response).apply(this, args);
  } as typeof res.writeHead;
  next();
}

/** The media type of a Content-Type header, lower case, without parameters. */
function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0].trim().toLowerCase();
}

class TooLarge extends Error {}
class ClientGone extends Error {}

/** Reads the whole body, or stops as soon as it passes `limit` bytes. */
function readBody(req: http.IncomingMessage, limit: number): Promise<Buffer<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onGone);
      req.off('close', onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        // Nothing more is read: the answer closes the connection (closeWhenBodyUnread).
        req.pause();
        reject(new TooLarge());
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks, size));
    };
    const onGone = () => {
      cleanup();
      reject(new ClientGone());
    };
    const onClose = () => {
      if (!req.complete) onGone();
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onGone);
    req.on('close', onClose);
  });
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** The value of one hex digit's character code, or -1 (NaN, past the end: -1). */
function hexValue(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x30;
  const lower = code | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x61 + 10 : -1;
}

/**
 * One name or value of an urlencoded text, as bytes: `+` is a space, `%XX` one byte, any other
 * character its own byte (the text is Latin-1, one character per byte, as Node reads a request
 * line and as the gate reads a body; a character above that is no byte of the wire and becomes
 * 0xFF, which is never UTF-8).
 */
function decodedBytes(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const high = code === 0x25 ? hexValue(text.charCodeAt(i + 1)) : -1;
    const low = high >= 0 ? hexValue(text.charCodeAt(i + 2)) : -1;
    if (low >= 0) {
      bytes[n++] = high * 16 + low;
      i += 2;
    } else if (code === 0x2b) bytes[n++] = 0x20;
    else bytes[n++] = code <= 0xff ? code : 0xff;
  }
  return bytes.subarray(0, n);
}

/**
 * Whether an urlencoded text (a query string, or a form body read as Latin-1, one character per
 * byte) holds a NUL or bytes that are not UTF-8 in a name or a value, escaped or raw. A `%` that
 * starts no escape is a `%`, as URLSearchParams reads it.
 */
function hasBadText(encoded: string): boolean {
  // Plain ASCII without escapes: nothing to decode.
  if (!/[%\0\x80-\uffff]/.test(encoded)) return false;
  for (const pair of encoded.split('&')) {
    for (const part of pair.split('=')) {
      const bytes = decodedBytes(part);
      if (bytes.includes(0)) return true;
      try {
        strictUtf8.decode(bytes);
      } catch {
        return true;
      }
    }
  }
  return false;
}

/**
 * A multipart field name, value or file name with a NUL, or with text that was not UTF-8: the
 * parser decodes each as UTF-8 and puts U+FFFD for what is not, so U+FFFD stands for it (a
 * shopper never types that character; a file's contents are data and not looked at).
 */
function hasBadField(form: FormData): boolean {
  const bad = (text: string) => text.includes('\0') || text.includes('\uFFFD');
  for (const [name, value] of form) {
    if (bad(name) || bad(typeof value === 'string' ? value : value.name)) return true;
  }
  return false;
}

/** The query string of a request's address (without `?`), '' when it has none. */
function queryOf(url: string): string {
  const at = url.indexOf('?');
  return at === -1 ? '' : url.slice(at + 1);
}

/** Checks and reads a post's body (see the module comment); throws RequestRefused. */
async function readPost(req: Request, rule: BodyLimit): Promise<GatedBody> {
  const type = mediaType(req.headers['content-type']);
  if (type && !FORM_TYPES.has(type)) {
    throw new RequestRefused(415, `posted type ${type.slice(0, 100)} is not a form`);
  }
  const coding = String(req.headers['content-encoding'] ?? 'identity')
    .trim()
    .toLowerCase();
  if (coding !== 'identity') throw new RequestRefused(415, 'a compressed form is not accepted');
  const streamed = rule.streamed === true && type === 'multipart/form-data';
  const limit = streamed || !rule.streamed ? rule.bytes : (rule.textBytes ?? DEFAULT_BODY_LIMIT);
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) throw new RequestRefused(413, `body of ${declared} bytes over ${limit}`);
  // Not read here: the app checks what it can first, then reads it (bodyStream).
  if (streamed) return { bytes: null, contentType: String(req.headers['content-type']), limit };

  let bytes: Buffer<ArrayBuffer>;
  try {
    bytes = await readBody(req, limit);
  } catch (error) {
    if (error instanceof TooLarge) throw new RequestRefused(413, `body over ${limit} bytes`);
    throw error;
  }
  if (!type && bytes.length > 0) throw new RequestRefused(415, 'a body without a type');
  const contentType = type ? String(req.headers['content-type']) : URLENCODED;

  let form: FormData;
  try {
    form = await new Request('http://gate.invalid/', {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: bytes,
    }).formData();
  } catch {
    throw new RequestRefused(400, `body does not parse as ${type}`);
  }
  const bad =
    type === 'multipart/form-data' ? hasBadField(form) : hasBadText(bytes.toString('latin1'));
  if (bad) throw new RequestRefused(400, 'a NUL or text that is not UTF-8 in a form field');
  return { bytes, contentType, limit };
}

export interface RequestGateOptions {
  /** Routes allowed a larger body (default BODY_LIMITS). */
  limits?: readonly BodyLimit[];
  /** Every other post's limit (default DEFAULT_BODY_LIMIT). */
  defaultLimit?: number;
}

/** The gate as an Express middleware (see the module comment). */
export function requestGate(options: RequestGateOptions = {}) {
  const limits = options.limits ?? BODY_LIMITS;
  const defaultLimit = options.defaultLimit ?? DEFAULT_BODY_LIMIT;
  return (req: Request, res: Response, next: NextFunction) => {
    const method = req.method;
    if (hasBadText(queryOf(req.originalUrl))) {
      return next(new RequestRefused(400, 'a NUL or text that is not UTF-8 in the query string'));
    }
    if (method === 'GET' || method === 'HEAD') return next();
    if (method === 'OPTIONS') {
      res.status(204).set('Allow', ALLOWED_METHODS).set('Cache-Control', 'no-store').end();
      return;
    }
    if (method !== 'POST') {
      res.set('Allow', ALLOWED_METHODS);
      return next(new RequestRefused(405, `method ${method.slice(0, 20)} is not served`));
    }
    readPost(req, bodyRuleFor(req.path, limits, defaultLimit)).then(
      (body) => {
        bodies.set(req, body);
        next();
      },
      (error: unknown) => {
        // The client went away mid-body: there is nobody to answer.
        if (error instanceof ClientGone) return;
        next(error);
      },
    );
  };
}

/**
 * A streamed post's body (see the module comment) as the Fetch stream the app reads: pulled from
 * the socket only as fast as the app reads it (the socket is paused in between, so an unread
 * body costs a socket buffer, not its size), at most `limit` bytes (then it fails with a 413
 * RequestRefused). Letting go of it pauses the socket; it is never destroyed from here, so the
 * app's answer still goes out (and closes the connection: closeWhenBodyUnread).
 */
export function bodyStream(req: http.IncomingMessage, limit: number): ReadableStream<Uint8Array> {
  let size = 0;
  let open = true;
  const stop = () => {
    open = false;
    req.off('data', onData);
    req.pause();
  };
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const onData = (chunk: Buffer) => {
    if (!open) return;
    size += chunk.length;
    if (size > limit) {
      stop();
      controller.error(new RequestRefused(413, `body over ${limit} bytes`));
      return;
    }
    controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.length));
    if ((controller.desiredSize ?? 0) <= 0) req.pause();
  };
  return new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c;
        req.pause();
        req.on('data', onData);
        req.once('end', () => {
          if (open) controller.close();
          open = false;
        });
        const gone = () => {
          if (!open || req.complete) return;
          stop();
          controller.error(new Error('the client went away mid-body'));
        };
        req.once('error', gone);
        req.once('close', gone);
      },
      pull() {
        if (open) req.resume();
      },
      cancel() {
        stop();
      },
    },
    // A few socket chunks ahead at most.
    { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
  );
}
