import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readLimited, ReplyTooLong } from './read-limited.server';

describe('reading an outside reply with a limit', () => {
  it('joins the chunks as UTF-8 text, split characters included', async () => {
    const bytes = Buffer.from('{"name":"Café"}');
    const body = Readable.from([bytes.subarray(0, 12), bytes.subarray(12)]);
    expect(await readLimited(body, 100)).toBe('{"name":"Café"}');
  });

  it('stops reading past the limit and destroys the stream', async () => {
    let pulled = 0;
    const body = Readable.from(
      (function* () {
        for (;;) {
          pulled += 1;
          yield Buffer.alloc(1024, 'a');
        }
      })(),
    );
    await expect(readLimited(body, 4096)).rejects.toBeInstanceOf(ReplyTooLong);
    expect(body.destroyed).toBe(true);
    expect(pulled).toBeLessThan(20);
  });

  it('accepts a body of exactly the limit', async () => {
    expect(await readLimited(Readable.from([Buffer.alloc(10, 'b')]), 10)).toBe('b'.repeat(10));
  });

  it('refuses a declared length over the limit without reading', async () => {
    let pulled = 0;
    const body = Readable.from(
      (function* () {
        pulled += 1;
        yield Buffer.from('x');
      })(),
    );
    await expect(readLimited(body, 10, '11')).rejects.toBeInstanceOf(ReplyTooLong);
    expect(pulled).toBe(0);
    expect(await readLimited(Readable.from([Buffer.from('ok')]), 10, '2')).toBe('ok');
  });
});
