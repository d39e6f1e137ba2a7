/**
 * Request bodies, bounded: at most `maxBytes` (a declared Content-Length over it fails before a
 * byte is read, a chunked body as soon as it passes it) and within `timeoutMs` (a client that
 * trickles its body holds no handler longer than that). Every failure is a BodyError the service
 * turns into its own 4xx answer; none of them is a fault.
 */
import type http from 'node:http';

export interface BodyLimits {
  maxBytes: number;
  /** Default BODY_TIMEOUT_MS. */
  timeoutMs?: number;
}

/**
 * Time a body has to arrive in full once the handler asks for it. Well under the servers'
 * request timeout (30 s, common/http-service.server.ts), so the service answers in its own shape
 * before Node cuts the connection with a bare 408.
 */
export const BODY_TIMEOUT_MS = 10_000;

export type BodyFailure = 'too-large' | 'timeout' | 'aborted' | 'malformed';

export class BodyError extends Error {
  constructor(
    readonly reason: BodyFailure,
    readonly limits: BodyLimits,
  ) {
    super(`request body ${reason}`);
    this.name = 'BodyError';
  }
}

const EMPTY = Buffer.alloc(0);

/** The whole body. */
export function readBody(req: http.IncomingMessage, limits: BodyLimits): Promise<Buffer> {
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > limits.maxBytes) {
    return Promise.reject(new BodyError('too-large', limits));
  }
  // Neither a length nor chunks: Node's parser knows there is no body (or it was read already).
  if (
    req.readableEnded ||
    (declared === undefined && req.headers['transfer-encoding'] === undefined)
  ) {
    return Promise.resolve(EMPTY);
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const settle = (failure: BodyFailure | null) => {
      clearTimeout(timer);
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onAbort);
      req.off('close', onAbort);
      if (failure) reject(new BodyError(failure, limits));
      else resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size));
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      // What is past the limit is not kept; the answer closes the connection (service.ts).
      if (size > limits.maxBytes) settle('too-large');
      else chunks.push(chunk);
    };
    const onEnd = () => settle(null);
    // The client went away (or Node's request timeout cut it) before the body's end.
    const onAbort = () => settle('aborted');
    const timer = setTimeout(() => settle('timeout'), limits.timeoutMs ?? BODY_TIMEOUT_MS);
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onAbort);
    req.on('close', onAbort);
  });
}

/**
 * The body parsed as JSON; undefined when it is empty or blank. Any text that does not parse is a
 * BodyError('malformed'), whatever its shape (deep nesting included: V8 parses JSON without
 * recursion).
 */
export async function readJson(req: http.IncomingMessage, limits: BodyLimits): Promise<unknown> {
  const text = (await readBody(req, limits)).toString('utf8');
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new BodyError('malformed', limits);
  }
}

/**
 * For a service that never reads bodies: whatever a request carries is thrown away as it
 * arrives, and the connection is dropped once it passes `maxBytes` (nobody waits for it).
 */
export function discardBody(req: http.IncomingMessage, maxBytes: number): void {
  let size = 0;
  req.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > maxBytes) req.destroy();
  });
  req.on('error', () => undefined);
}
