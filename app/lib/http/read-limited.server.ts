/** A reply from an outside service that is longer than the site will read. */
export class ReplyTooLong extends Error {
  name = 'ReplyTooLong';
}

/**
 * An outside service's reply body as text, or a ReplyTooLong error past `limit` bytes: the rest
 * is not read (the stream is destroyed), so a service that answers without end costs bounded
 * memory. A declared Content-Length over the limit fails before any byte is read.
 */
export async function readLimited(
  body: AsyncIterable<Buffer | Uint8Array> & { destroy(error?: Error): unknown },
  limit: number,
  contentLength?: string | string[],
): Promise<string> {
  if (typeof contentLength === 'string' && Number(contentLength) > limit) {
    body.destroy();
    throw new ReplyTooLong(`reply declared ${contentLength} bytes, over ${limit}`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > limit) {
      body.destroy();
      throw new ReplyTooLong(`reply over ${limit} bytes`);
    }
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks).toString('utf8');
}
