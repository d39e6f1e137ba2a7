import { useForm, type DefaultValue, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { useMemo } from 'react';
import type { z } from 'zod';
import { useScrollToFirstError } from './scroll-to-error';

/** When conform checks the form: on submit, when a field loses focus, or on every input. */
export type ValidationTiming = 'onSubmit' | 'onBlur' | 'onInput';

type ConformOptions<S extends z.ZodTypeAny> = Parameters<
  typeof useForm<z.input<S>, z.output<S>, string[]>
>[0];

export interface SchemaFormOptions<S extends z.ZodTypeAny> {
  /** The form's id (also what `useScrollToFirstError` looks for). */
  id: string;
  /** The action's reply after a failed post (`formFailure`'s `result`). */
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: DefaultValue<z.input<S>>;
  /** Replaces the plain post, e.g. to add a bot-check token first. */
  onSubmit?: ConformOptions<S>['onSubmit'];
  /** First validation: on blur unless the form says otherwise (lazy: nothing before a blur). */
  shouldValidate?: ValidationTiming;
  /** Validation once a field has been validated: on every input unless the form says otherwise. */
  shouldRevalidate?: ValidationTiming;
}

/**
 * The one `useForm` set-up of the shopper forms: the constraint (`required`, `pattern`, ... on
 * each input, what a browser without JavaScript checks) computed once per schema, validation in
 * the browser by the same zod schema the action parses with, and the scroll to the first error.
 * A schema built from a brand's flags must be memoised by the caller (`useMemo`), so the
 * constraint is not recomputed on every render.
 *
 * ```tsx
 * const [form, fields] = useSchemaForm(loginSchema, { id: 'login', lastResult });
 * ```
 */
export function useSchemaForm<S extends z.ZodTypeAny>(
  schema: S,
  {
    id,
    lastResult,
    defaultValue,
    onSubmit,
    shouldValidate = 'onBlur',
    shouldRevalidate = 'onInput',
  }: SchemaFormOptions<S>,
) {
  const constraint = useMemo(() => getZodConstraint(schema), [schema]);
  const [form, fields] = useForm<z.input<S>, z.output<S>, string[]>({
    id,
    lastResult,
    defaultValue,
    constraint,
    shouldValidate,
    shouldRevalidate,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    onSubmit,
  });
  // Every failing form scrolls to its first invalid field, below the banner and the bars.
  useScrollToFirstError(form, lastResult);
  return [form, fields] as const;
}
