import type { ReactNode } from 'react';
import { sxRecipe } from '~/lib/theme/static-css';
import { SectionMessage } from './section-message';
import type { Section } from './view';

const heading = sxRecipe('heading', { size: 'xl' }, { mb: '4' });

/**
 * A section of the rewards page that lists what the loyalty API gave (the offers, the instant
 * savings): its heading (the section's name), then the one line that stands in when the data
 * could not be loaded, the sentence for an empty list, or the list itself.
 */
export function ListSection<T>({
  headingId,
  testId,
  title,
  data,
  empty,
  children,
}: {
  headingId: string;
  testId: string;
  title: string;
  data: Section<T[]>;
  empty: string;
  /** The list, given the items (never called without any). */
  children: (items: T[]) => ReactNode;
}) {
  return (
    <section aria-labelledby={headingId} data-testid={testId}>
      <h2 id={headingId} className={heading}>
        {title}
      </h2>
      {!data.ok ? (
        <SectionMessage message={data.message} />
      ) : data.value.length === 0 ? (
        <p>{empty}</p>
      ) : (
        children(data.value)
      )}
    </section>
  );
}
