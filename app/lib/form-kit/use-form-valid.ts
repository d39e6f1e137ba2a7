import { parseWithZod } from '@conform-to/zod';
import { useEffect, useState } from 'react';
import type { z } from 'zod';

/**
 * Whether what the form holds right now would pass its schema: the same zod schema the action
 * parses with, run on the form's own `FormData` (exactly what a post would send) at hydration and
 * after every input, change and reset. Null before hydration and without JavaScript, when nothing
 * in the browser can tell: the button stays plain and the server answers the messages.
 *
 * The submit buttons of the sign-up and content forms read as unavailable while this is false,
 * from the moment the form shows (docs/decisions/0030-submit-until-valid.md); a press still runs
 * the whole validation, so the shopper learns why.
 */
export function useFormValid(formId: string, schema: z.ZodTypeAny): boolean | null {
  const [valid, setValid] = useState<boolean | null>(null);
  useEffect(() => {
    const el = document.getElementById(formId);
    if (!(el instanceof HTMLFormElement)) return;
    const check = () => {
      try {
        setValid(parseWithZod(new FormData(el), { schema }).status === 'success');
      } catch {
        // A schema with an async rule cannot answer here: leave the button plain.
        setValid(null);
      }
    };
    // After the event's own handlers: a mask rewrites the value, a reset empties the fields.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const later = () => {
      clearTimeout(timer);
      timer = setTimeout(check, 0);
    };
    check();
    for (const type of ['input', 'change', 'reset'] as const) el.addEventListener(type, later);
    return () => {
      clearTimeout(timer);
      for (const type of ['input', 'change', 'reset'] as const) el.removeEventListener(type, later);
    };
  }, [formId, schema]);
  return valid;
}
