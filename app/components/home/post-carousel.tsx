import { Box, Button, chakra, Flex, Heading, HStack, IconButton, Text } from '@chakra-ui/react';
import { Link } from '@remix-run/react';
import { useCallback, useEffect, useId, useRef, useState, type FocusEvent } from 'react';
import { ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon } from '~/components/shell/icons';
import { useHydrated } from '~/components/shell/use-hydrated';
import {
  CAROUSEL_ASPECT_RATIO,
  CAROUSEL_INTERVAL_MS,
  indexFromScroll,
  shouldAutoCycle,
  wrapIndex,
} from './carousel-logic';

export interface CarouselPost {
  slug: string;
  path: string;
  title: string;
  description: string | null;
  coverImage: string | null;
  altText: string | null;
  link: { label: string; to: string } | null;
  hideOverlay: boolean;
}

export interface PostCarouselProps {
  posts: CarouselPost[];
  /** Accessible name of the carousel. */
  label?: string;
  aspectRatio?: number;
  intervalMs?: number;
  headingLevel?: 'h2' | 'h3';
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/**
 * Post carousel (spec §2, §9). All slides are rendered in a horizontal scroll-snap strip, so
 * without JavaScript the first slide shows and the others are a swipe or scroll away. With
 * JavaScript it cycles every 6 s, pauses on hover and keyboard focus, has a pause/play button
 * (WCAG 2.2.2), previous/next buttons and dots, and never cycles under reduced motion.
 */
export function PostCarousel({
  posts,
  label = 'Featured',
  aspectRatio = CAROUSEL_ASPECT_RATIO,
  intervalMs = CAROUSEL_INTERVAL_MS,
  headingLevel = 'h2',
}: PostCarouselProps) {
  const hydrated = useHydrated();
  const id = useId();
  const trackRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const [playing, setPlaying] = useState(true);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [reducedMotion, setReducedMotion] = useState(false);
  const count = posts.length;

  useEffect(() => {
    const query = window.matchMedia?.(REDUCED_MOTION);
    if (!query) return;
    const update = () => {
      setReducedMotion(query.matches);
      if (query.matches) setPlaying(false);
    };
    update();
    query.addEventListener?.('change', update);
    return () => query.removeEventListener?.('change', update);
  }, []);

  const goTo = useCallback(
    (index: number) => {
      setActive(index);
      const track = trackRef.current;
      if (track)
        track.scrollTo({
          left: index * track.clientWidth,
          behavior: reducedMotion ? 'auto' : 'smooth',
        });
    },
    [reducedMotion],
  );

  const cycling = hydrated && shouldAutoCycle({ count, playing, hovered, focused, reducedMotion });
  useEffect(() => {
    if (!cycling) return;
    const timer = setTimeout(() => goTo(wrapIndex(active, 1, count)), intervalMs);
    return () => clearTimeout(timer);
  }, [cycling, active, count, intervalMs, goTo]);

  // A swipe or a scroll by hand (or focus moving into another slide) updates the dots.
  const scrollTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (scrollTimer.current && clearTimeout(scrollTimer.current)), []);
  function onScroll() {
    if (scrollTimer.current) clearTimeout(scrollTimer.current);
    scrollTimer.current = setTimeout(() => {
      const track = trackRef.current;
      if (track) setActive(indexFromScroll(track.scrollLeft, track.clientWidth, count));
    }, 120);
  }

  function onBlur(e: FocusEvent<HTMLElement>) {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
  }

  if (count === 0) return null;

  return (
    <Box
      as="section"
      aria-roledescription="carousel"
      aria-label={label}
      position="relative"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
      data-testid="post-carousel"
    >
      <Flex
        ref={trackRef}
        id={`${id}-slides`}
        overflowX="auto"
        scrollSnapType="x mandatory"
        scrollbarWidth={hydrated ? 'none' : 'thin'}
        css={hydrated ? { '&::-webkit-scrollbar': { display: 'none' } } : undefined}
        aria-live={cycling ? 'off' : 'polite'}
        onScroll={hydrated ? onScroll : undefined}
      >
        {posts.map((post, i) => (
          <Slide
            key={post.slug}
            post={post}
            index={i}
            count={count}
            aspectRatio={aspectRatio}
            headingLevel={headingLevel}
            current={i === active}
          />
        ))}
      </Flex>
      {hydrated && count > 1 ? (
        <HStack justify="center" gap="1" py="2" data-testid="carousel-controls">
          <IconButton
            size="sm"
            variant="ghost"
            color="brand.fg"
            aria-label={playing ? 'Pause slide show' : 'Play slide show'}
            onClick={() => setPlaying((p) => !p)}
            data-testid="carousel-play-pause"
          >
            {playing ? <PauseIcon /> : <PlayIcon />}
          </IconButton>
          <IconButton
            size="sm"
            variant="ghost"
            color="brand.fg"
            aria-label="Previous slide"
            aria-controls={`${id}-slides`}
            onClick={() => goTo(wrapIndex(active, -1, count))}
          >
            <ChevronLeftIcon />
          </IconButton>
          <HStack as="ul" listStyleType="none" gap="0">
            {posts.map((post, i) => (
              <li key={post.slug}>
                <Button
                  size="sm"
                  variant="ghost"
                  minW="8"
                  px="0"
                  aria-label={`Slide ${i + 1} of ${count}: ${post.title}`}
                  aria-current={i === active ? 'true' : undefined}
                  aria-controls={`${id}-slides`}
                  onClick={() => goTo(i)}
                >
                  <chakra.span
                    display="block"
                    boxSize="2.5"
                    borderRadius="full"
                    borderWidth="2px"
                    borderColor="brand.solid"
                    bg={i === active ? 'brand.solid' : 'transparent'}
                  />
                </Button>
              </li>
            ))}
          </HStack>
          <IconButton
            size="sm"
            variant="ghost"
            color="brand.fg"
            aria-label="Next slide"
            aria-controls={`${id}-slides`}
            onClick={() => goTo(wrapIndex(active, 1, count))}
          >
            <ChevronRightIcon />
          </IconButton>
        </HStack>
      ) : null}
    </Box>
  );
}

function Slide({
  post,
  index,
  count,
  aspectRatio,
  headingLevel,
  current,
}: {
  post: CarouselPost;
  index: number;
  count: number;
  aspectRatio: number;
  headingLevel: 'h2' | 'h3';
  current: boolean;
}) {
  const target = post.link?.to ?? post.path;
  const image = post.coverImage ? (
    <chakra.img
      src={post.coverImage}
      alt={post.hideOverlay ? post.altText || post.title : (post.altText ?? '')}
      display="block"
      w="full"
      h="auto"
      aspectRatio={aspectRatio}
      objectFit="cover"
      loading={index === 0 ? 'eager' : 'lazy'}
    />
  ) : (
    <Box w="full" aspectRatio={aspectRatio} bg="brand.subtle" />
  );
  return (
    <Box
      role="group"
      aria-roledescription="slide"
      aria-label={`${index + 1} of ${count}`}
      flex="0 0 100%"
      scrollSnapAlign="start"
      position="relative"
      data-current={current ? '' : undefined}
    >
      {post.hideOverlay ? (
        <chakra.a asChild display="block" focusVisibleRing="inside">
          <Link to={target}>{image}</Link>
        </chakra.a>
      ) : (
        <>
          {image}
          <Box
            position={{ base: 'static', lg: 'absolute' }}
            insetStart={{ lg: '8' }}
            bottom={{ lg: '8' }}
            maxW={{ lg: 'lg' }}
            bg={{ base: 'brand.subtle', lg: 'bg/90' }}
            color="fg"
            p={{ base: '4', lg: '6' }}
            borderRadius={{ lg: 'lg' }}
            shadow={{ lg: 'lg' }}
          >
            <Heading as={headingLevel} size={{ base: 'lg', md: 'xl' }} lineClamp={2}>
              <chakra.a
                asChild
                color="inherit"
                _hover={{ textDecoration: 'underline' }}
                focusVisibleRing="outside"
              >
                <Link to={post.path}>{post.title}</Link>
              </chakra.a>
            </Heading>
            {post.description ? (
              <Text
                mt="1"
                color="fg.muted"
                lineClamp={2}
                display={{ base: 'none', sm: '-webkit-box' }}
              >
                {post.description}
              </Text>
            ) : null}
            {post.link ? (
              <Button asChild mt="3" size="sm" colorPalette="brand">
                <Link to={post.link.to}>{post.link.label}</Link>
              </Button>
            ) : null}
          </Box>
        </>
      )}
    </Box>
  );
}
