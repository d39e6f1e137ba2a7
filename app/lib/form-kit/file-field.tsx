import { getInputProps } from '@conform-to/react';
import { useState, type ReactNode } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { cx, sx, sxRecipe } from '~/lib/theme/static-css';
import { FieldChrome, hintId, type FieldMeta } from './field-base';
import {
  acceptAttribute,
  fileCounter,
  formatBytes,
  truncateFileName,
  typesLabel,
  type FileTypeId,
} from './file-types';

const styles = {
  input: sxRecipe(
    'input',
    { size: 'md', variant: 'outline' },
    {
      bg: 'bg',
      h: 'auto',
      py: '1.5',
      cursor: 'pointer',
      '&::file-selector-button': {
        me: '3',
        px: '3',
        py: '1',
        borderRadius: 'l2',
        borderWidth: '1px',
        borderColor: 'border',
        bg: 'bg.muted',
        color: 'fg',
        fontWeight: 'medium',
        cursor: 'pointer',
      },
    },
  ),
  // Once the counter and the list below show the choice, the browser's own "No file chosen" /
  // full-name text beside the button would say it twice (and uncut): hidden, the button kept.
  quiet: sx({ color: 'transparent' }),
  status: sx({ textStyle: 'sm', color: 'fg.muted' }),
  list: sx({ listStyleType: 'none', textStyle: 'sm', display: 'flex', flexDirection: 'column' }),
};

export interface FileFieldProps {
  meta: FieldMeta;
  label: ReactNode;
  /** The operator's help, shown before the limits. */
  hint?: ReactNode;
  required?: boolean;
  accept: readonly FileTypeId[];
  maxFiles: number;
  /** Per file. */
  maxBytes: number;
  className?: string;
}

/** What a file input takes, in words: 'PDF, up to 5 MB.', 'Up to 3 files (JPEG or PNG), 5 MB each.' */
export function fileLimitsText(accept: readonly FileTypeId[], maxFiles: number, maxBytes: number) {
  const types = typesLabel(accept);
  return maxFiles === 1
    ? `${types}, up to ${formatBytes(maxBytes)}.`
    : `Up to ${maxFiles} files (${types}), ${formatBytes(maxBytes)} each.`;
}

/**
 * A file input (docs/reference/forms.md "What the visitor sees"): the native input, which posts its
 * files without JavaScript; its limits under it with the help, both named by aria-describedby; once
 * hydrated, a counter ('2 of 3 files', read out when it changes) and the chosen names, each cut
 * after 22 characters (the whole name in its title).
 */
export function FileField({
  meta,
  label,
  hint,
  required,
  accept,
  maxFiles,
  maxBytes,
  className,
}: FileFieldProps) {
  const hydrated = useHydrated();
  const [names, setNames] = useState<string[]>([]);
  const limits = fileLimitsText(accept, maxFiles, maxBytes);
  const { key, ...props } = getInputProps(meta, {
    type: 'file',
    ariaDescribedBy: hintId(meta),
  });
  const isRequired = (required ?? meta.required) || false;
  return (
    <FieldChrome
      meta={meta}
      label={label}
      hint={
        hint ? (
          <>
            {hint} {limits}
          </>
        ) : (
          limits
        )
      }
      required={isRequired}
      className={className}
    >
      <input
        key={key}
        className={hydrated ? cx(styles.input, styles.quiet) : styles.input}
        {...props}
        accept={acceptAttribute(accept)}
        multiple={maxFiles > 1 || undefined}
        required={isRequired || undefined}
        onChange={(event) => setNames(Array.from(event.currentTarget.files ?? [], (f) => f.name))}
      />
      {hydrated ? (
        <>
          <p className={styles.status} aria-live="polite" data-testid="file-counter">
            {fileCounter(names.length, maxFiles)}
          </p>
          {names.length > 0 ? (
            <ul className={styles.list} aria-label="Chosen files">
              {names.map((name, i) => (
                <li key={`${i}-${name}`} title={name}>
                  {truncateFileName(name)}
                </li>
              ))}
            </ul>
          ) : null}
        </>
      ) : null}
    </FieldChrome>
  );
}
