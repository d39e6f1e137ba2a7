import { Box, chakra, type HTMLChakraProps } from '@chakra-ui/react';
import { useLocation } from '@remix-run/react';
import { useEffect, useRef, type ReactNode } from 'react';
import { ChevronDownIcon } from './icons';

/**
 * A drop-down built on <details>/<summary>: it opens and closes without JavaScript and is
 * announced as a disclosure. With JavaScript it also closes on Escape (focus returns to the
 * summary), on a click or focus outside, and after a route change.
 */
export function Disclosure({
  label,
  children,
  summaryProps,
  panelProps,
  testId,
}: {
  label: ReactNode;
  children: ReactNode;
  summaryProps?: HTMLChakraProps<'summary'>;
  panelProps?: HTMLChakraProps<'div'>;
  testId?: string;
}) {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();

  useEffect(() => {
    ref.current?.removeAttribute('open');
  }, [location.key]);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const close = (e: Event) => {
      if (el.open && e.target instanceof Node && !el.contains(e.target)) el.removeAttribute('open');
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && el.open) {
        el.removeAttribute('open');
        el.querySelector('summary')?.focus();
      }
    };
    document.addEventListener('pointerdown', close);
    document.addEventListener('focusin', close);
    el.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', close);
      document.removeEventListener('focusin', close);
      el.removeEventListener('keydown', onKey);
    };
  }, []);

  return (
    <chakra.details
      ref={ref}
      position="relative"
      data-testid={testId}
      css={{ '&[open] > summary svg': { transform: 'rotate(180deg)' } }}
    >
      <chakra.summary
        display="flex"
        alignItems="center"
        gap="1"
        cursor="pointer"
        listStyleType="none"
        borderRadius="sm"
        focusVisibleRing="outside"
        css={{ '&::-webkit-details-marker': { display: 'none' } }}
        {...summaryProps}
      >
        {label}
        <ChevronDownIcon size="1em" />
      </chakra.summary>
      <Box
        position="absolute"
        top="100%"
        insetStart="0"
        zIndex="dropdown"
        mt="1"
        minW="48"
        bg="bg"
        color="fg"
        shadow="lg"
        borderRadius="md"
        borderWidth="1px"
        py="1"
        {...panelProps}
      >
        {children}
      </Box>
    </chakra.details>
  );
}
