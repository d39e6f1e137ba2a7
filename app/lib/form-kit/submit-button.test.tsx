import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SubmitButton } from './submit-button';

describe('SubmitButton (server render)', () => {
  it('a submit button, disabled with a spinner while pending', () => {
    const idle = renderToString(<SubmitButton>Log In</SubmitButton>);
    expect(idle).toMatch(/^<button type="submit"/);
    expect(idle).not.toContain('disabled');
    const pending = renderToString(
      <SubmitButton pending pendingLabel="Logging in…">
        Log In
      </SubmitButton>,
    );
    expect(pending).toContain('disabled=""');
    expect(pending).toContain('aria-busy="true"');
    expect(pending).toContain('Logging in…');
    expect(pending).not.toContain('Log In');
  });

  it('blocked: announced as unavailable but still focusable and pressable', () => {
    const blocked = renderToString(<SubmitButton blocked>Send</SubmitButton>);
    expect(blocked).toContain('aria-disabled="true"');
    expect(blocked).not.toContain('disabled=""');
    const pending = renderToString(
      <SubmitButton blocked pending>
        Send
      </SubmitButton>,
    );
    expect(pending).toContain('disabled=""');
    expect(pending).not.toContain('aria-disabled');
  });
});
