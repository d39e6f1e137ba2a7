import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderServer, textOf } from '@test/render';
import { createAutoHide } from './snackbar-logic';
import { SnackbarView } from './snackbar';

afterEach(() => {
  vi.useRealTimers();
});

describe('SnackbarView (server render)', () => {
  it('closed: only an empty polite live region, out of sight, with no controls', async () => {
    const html = await renderServer(
      <SnackbarView
        open={false}
        message="Hidden words"
        actions={<button type="button">Extra</button>}
        onClose={() => {}}
        testId="a-snackbar"
      />,
    );
    expect(html).toMatch(/<p role="status" aria-live="polite" aria-atomic="true"[^>]*><\/p>/);
    expect(html).toContain('data-testid="a-snackbar"');
    expect(html).not.toContain('data-open');
    expect(html).not.toContain('<button');
    expect(textOf(html)).toBe('');
  });

  it("open: the caller's message, then its actions, then a close button named Close", async () => {
    const html = await renderServer(
      <SnackbarView
        open
        message={
          <>
            <span>One.</span>
            <span>Two.</span>
          </>
        }
        actions={<button type="button">Extra</button>}
        onClose={() => {}}
        testId="a-snackbar"
      />,
    );
    expect(html).toContain('data-open="true"');
    expect(textOf(html)).toBe('One. Two. Extra');
    const status = html.indexOf('role="status"');
    const extra = html.indexOf('>Extra</button>');
    const close = html.search(/<button type="button"[^>]*aria-label="Close"/);
    expect(status).toBeGreaterThan(-1);
    expect(extra).toBeGreaterThan(status);
    expect(close).toBeGreaterThan(extra);
  });
});

describe('the shared snackbar timer', () => {
  it('closes after its own time, paused while held, counted on from where it paused', () => {
    vi.useFakeTimers();
    const hide = vi.fn();
    const timer = createAutoHide(6000, hide);
    timer.start();
    vi.advanceTimersByTime(4000);
    timer.hold('hover');
    vi.advanceTimersByTime(30_000);
    timer.release('hover');
    vi.advanceTimersByTime(1999);
    expect(hide).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(hide).toHaveBeenCalledTimes(1);
  });
});
