import { parseWithZod } from '@conform-to/zod';
import type { ZodTypeAny } from 'zod';

/** Form data as a browser posts it: every value a string, repeated names repeated. */
export function formData(values: Record<string, string | string[] | undefined>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) data.append(name, v);
  }
  return data;
}

/** parseWithZod as an action runs it: the parsed value, or each field's messages. */
export function parse(schema: ZodTypeAny, values: Record<string, string | string[] | undefined>) {
  const submission = parseWithZod(formData(values), { schema });
  return submission.status === 'success'
    ? { ok: true as const, value: submission.value, errors: {} as Record<string, string[]> }
    : {
        ok: false as const,
        value: undefined,
        errors: (submission.reply().error ?? {}) as Record<string, string[]>,
      };
}
