/** 'fresh-produce' -> 'Fresh Produce': a category label from a path segment. */
export function labelFromSegment(segment: string): string {
  return decodeURIComponent(segment)
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

/** The category label of a post list: the second segment of its content path. */
export function categoryLabel(pathname: string): string {
  const segment = pathname.split('/').filter(Boolean)[1];
  return segment ? labelFromSegment(segment) : 'All Posts';
}
