import { sx } from '~/lib/theme/static-css';

const skipLink = sx({
  position: 'absolute',
  insetStart: '2',
  top: '2',
  zIndex: 'skipNav',
  px: '4',
  py: '2',
  bg: 'bg',
  color: 'fg',
  fontWeight: 'semibold',
  borderRadius: 'md',
  shadow: 'md',
  transform: 'translateY(-200%)',
  _focus: { transform: 'none' },
  focusVisibleRing: 'outside',
});

/** First focusable element: jumps keyboard users past the header to <main id="main">. */
export function SkipLink({ target = 'main' }: { target?: string }) {
  return (
    <a href={`#${target}`} className={skipLink}>
      Skip to content
    </a>
  );
}
