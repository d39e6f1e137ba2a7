import { sx } from '~/lib/theme/static-css';

const style = sx({
  px: '4',
  py: '3',
  borderRadius: 'l2',
  bg: 'bg.muted',
  color: 'fg',
  fontSize: 'sm',
});

/** The one line that stands in for a section whose data could not be loaded. */
export function SectionMessage({ message }: { message: string }) {
  return (
    <p className={style} data-testid="section-message">
      {message}
    </p>
  );
}
