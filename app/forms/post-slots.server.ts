/**
 * How many content-form posts are read at once (docs/reference/forms.md "Rules": Files). A post
 * holds a slot from before its body is read until its e-mail is sent; the others wait their turn
 * with their bodies unread (the socket paused: a socket buffer each, not the upload), at most
 * FORM_POST_WAIT_MS, then are answered 503 with Retry-After and the generic message on the form.
 * Waiting first, briefly, keeps a burst of real visitors (a form shared in a newsletter) from
 * seeing an error; answering 503 after that, rather than queuing without end, keeps a flood from
 * holding sockets and the visitor from staring at a spinner.
 *
 * Files go to disk as they stream, so a slot costs little memory; the bound is on the disk, CPU
 * and mail work a burst can start at once.
 */

/** Posts read at once, per process. */
export const FORM_POSTS_AT_ONCE = 4;
/** The longest a post waits for a slot before it is answered 503. */
export const FORM_POST_WAIT_MS = 10_000;
/** Posts waiting at most; one more is answered 503 at once. */
export const FORM_POST_QUEUE = 64;
/** Retry-After of the 503 answer, in seconds. */
export const FORM_POST_RETRY_AFTER_SECONDS = 10;

export interface Slots {
  /** A slot (call `release` once done), or null when none came free in time. */
  acquire(): Promise<{ release(): void } | null>;
  /** Slots in use and posts waiting (for tests and logs). */
  stats(): { busy: number; waiting: number };
}

export function createSlots(options: { size: number; waitMs: number; queue: number }): Slots {
  let busy = 0;
  const waiting: (() => void)[] = [];

  const slot = () => {
    let released = false;
    return {
      release() {
        if (released) return;
        released = true;
        const next = waiting.shift();
        // The slot passes straight to the next in line.
        if (next) next();
        else busy -= 1;
      },
    };
  };

  return {
    acquire() {
      if (busy < options.size) {
        busy += 1;
        return Promise.resolve(slot());
      }
      if (waiting.length >= options.queue) return Promise.resolve(null);
      return new Promise((resolve) => {
        const take = () => {
          clearTimeout(timer);
          resolve(slot());
        };
        const timer = setTimeout(() => {
          const at = waiting.indexOf(take);
          if (at >= 0) waiting.splice(at, 1);
          resolve(null);
        }, options.waitMs);
        waiting.push(take);
      });
    },
    stats: () => ({ busy, waiting: waiting.length }),
  };
}

/** The slots of this process's form posts. */
export const formPostSlots = createSlots({
  size: FORM_POSTS_AT_ONCE,
  waitMs: FORM_POST_WAIT_MS,
  queue: FORM_POST_QUEUE,
});
