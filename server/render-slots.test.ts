import { EventEmitter } from 'node:events';
import type { NextFunction, Request, Response } from 'express';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSlots } from './render-slots';

/** A response that only emits `finish` / `close`, as far as the middleware looks at it. */
function fakeResponse() {
  return new EventEmitter() as unknown as Response & EventEmitter;
}

function run(slots: ReturnType<typeof renderSlots>, count: number) {
  const started: number[] = [];
  const responses = Array.from({ length: count }, (_, i) => {
    const res = fakeResponse();
    slots({} as Request, res, (() => started.push(i)) as NextFunction);
    return res;
  });
  return { started, responses };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('renderSlots', () => {
  it('lets `slots` requests through at once; the others start in order as answers finish', () => {
    const slots = renderSlots({ slots: 2, onIdle: () => undefined });
    const { started, responses } = run(slots, 5);
    expect(started).toEqual([0, 1]);
    expect(slots.stats()).toEqual({ running: 2, waiting: 3 });
    responses[1].emit('finish');
    responses[1].emit('close');
    expect(started).toEqual([0, 1, 2]);
    responses[0].emit('close');
    expect(started).toEqual([0, 1, 2, 3]);
    expect(slots.stats()).toEqual({ running: 2, waiting: 1 });
  });

  it('drops a waiting request whose client went away', () => {
    const slots = renderSlots({ slots: 1, onIdle: () => undefined });
    const { started, responses } = run(slots, 3);
    responses[1].emit('close');
    expect(slots.stats()).toEqual({ running: 1, waiting: 1 });
    responses[0].emit('finish');
    expect(started).toEqual([0, 2]);
  });

  it('runs onIdle once the process is quiet after a busy spell, not after a few requests', () => {
    vi.useFakeTimers();
    const onIdle = vi.fn();
    const slots = renderSlots({ slots: 4, idleMs: 1000, rendersBeforeCompaction: 10, onIdle });
    for (const res of run(slots, 3).responses) res.emit('finish');
    vi.advanceTimersByTime(5000);
    expect(onIdle).not.toHaveBeenCalled();

    const { responses } = run(slots, 10);
    for (const res of responses.slice(0, 9)) res.emit('finish');
    vi.advanceTimersByTime(5000);
    expect(onIdle).not.toHaveBeenCalled();
    responses[9].emit('finish');
    vi.advanceTimersByTime(999);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onIdle).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });
});
