import { sx } from '~/lib/theme/static-css';

const stickyBar = sx({
  position: 'sticky',
  top: '0',
  zIndex: 'sticky',
  bg: 'accent.solid',
  color: 'accent.contrast',
  fontWeight: 'medium',
  fontSize: 'sm',
  textAlign: 'center',
  px: '4',
  py: '2',
});

/** A promotional line under the app bar that stays at the top while the page scrolls. */
export function StickyBar({ text }: { text: string }) {
  return (
    <section aria-label="Notice" className={stickyBar} data-testid="sticky-bar">
      {text}
    </section>
  );
}
