/** The few form posts read at once: the next ones wait their turn, briefly, in a bounded line. */
import { describe, expect, it } from 'vitest';
import { createSlots } from './post-slots.server';

describe('createSlots', () => {
  it('gives `size` slots at once; a freed slot goes to the first in line', async () => {
    const slots = createSlots({ size: 2, waitMs: 1000, queue: 4 });
    const a = await slots.acquire();
    const b = await slots.acquire();
    expect(a && b).toBeTruthy();
    const order: string[] = [];
    const c = slots.acquire().then((s) => (order.push('c'), s));
    const d = slots.acquire().then((s) => (order.push('d'), s));
    expect(slots.stats()).toEqual({ busy: 2, waiting: 2 });
    a!.release();
    a!.release(); // twice is once
    const gotC = await c;
    expect(gotC).not.toBeNull();
    expect(order).toEqual(['c']);
    b!.release();
    expect(await d).not.toBeNull();
    expect(order).toEqual(['c', 'd']);
    gotC!.release();
    (await d)!.release();
    expect(slots.stats()).toEqual({ busy: 0, waiting: 0 });
  });

  it('answers null after waitMs, and at once when the line is full', async () => {
    const slots = createSlots({ size: 1, waitMs: 50, queue: 1 });
    const held = await slots.acquire();
    const waited = slots.acquire();
    const started = Date.now();
    expect(await slots.acquire()).toBeNull();
    expect(Date.now() - started).toBeLessThan(40);
    expect(await waited).toBeNull();
    expect(slots.stats()).toEqual({ busy: 1, waiting: 0 });
    held!.release();
    const next = await slots.acquire();
    expect(next).not.toBeNull();
    next!.release();
  });
});
