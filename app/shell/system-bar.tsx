import { sx } from '~/lib/theme/static-css';

const systemBar = sx({
  bg: 'gray.900',
  color: 'white',
  fontSize: 'sm',
  textAlign: 'center',
  px: '4',
  py: '1.5',
});

/** A thin notice above the app bar (tenant `systemBarText`). */
export function SystemBar({ text }: { text: string }) {
  return (
    <section aria-label="Site notice" className={systemBar} data-testid="system-bar">
      {text}
    </section>
  );
}
