/**
 * The web app manifest of a brand and its app icons (docs/reference/offline.md), worked out from
 * the tenant file alone: its name, short name, theme colour and logo. Plain functions; the routes
 * /manifest.webmanifest and /app-icon/{file} serve them.
 */

/** The longest short name: what a phone shows under the home-screen icon without cutting it. */
export const SHORT_NAME_MAX = 12;

/** The app icons: their kind, purpose and size in pixels (Chromium wants one of 144 px or more). */
export const APP_ICONS = [
  { kind: 'any', size: 192 },
  { kind: 'any', size: 512 },
  { kind: 'maskable', size: 512 },
] as const;
export type AppIconKind = (typeof APP_ICONS)[number]['kind'];

/** What the manifest and the icons read of a tenant. */
export interface ManifestBrand {
  name: string;
  shortName?: string | undefined;
  primary: string;
  secondary: string;
}

/**
 * The short name when the tenant file gives none: the name when it fits, else its first word
 * when that fits, else the name cut at the limit (trimmed).
 */
export function deriveShortName(name: string): string {
  const trimmed = name.trim().replace(/\s+/g, ' ');
  if (trimmed.length <= SHORT_NAME_MAX) return trimmed;
  const first = trimmed.split(' ')[0]!;
  if (first.length <= SHORT_NAME_MAX) return first;
  return [...trimmed].slice(0, SHORT_NAME_MAX).join('').trim();
}

/** An icon's address: its kind and size, and a version that changes with the brand's look. */
export function appIconPath(kind: AppIconKind, size: number, version: string): string {
  return `/app-icon/${kind}-${size}.${version}.svg`;
}

/** The kind and size an icon address names, or null for any other address. */
export function parseAppIconFile(
  file: string,
): { kind: AppIconKind; size: number; version: string } | null {
  const m = /^(any|maskable)-(\d+)\.([a-z0-9]+)\.svg$/.exec(file);
  if (!m) return null;
  const icon = APP_ICONS.find((i) => i.kind === m[1] && i.size === Number(m[2]));
  return icon ? { kind: icon.kind, size: icon.size, version: m[3]! } : null;
}

/** The manifest of a brand: installable as a standalone app that opens on the home page. */
export function buildManifest(brand: ManifestBrand, iconVersion: string) {
  return {
    id: '/',
    name: brand.name,
    short_name: brand.shortName ?? deriveShortName(brand.name),
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: brand.primary,
    background_color: brand.primary,
    icons: APP_ICONS.map((icon) => ({
      src: appIconPath(icon.kind, icon.size, iconVersion),
      sizes: `${icon.size}x${icon.size}`,
      type: 'image/svg+xml',
      purpose: icon.kind,
    })),
  };
}

/**
 * The brand's logo: an SVG logo's own markup (drawn inline: cheaper for the browser than an image
 * inside the icon), another image as a data address (an SVG image may not load anything else).
 */
export interface IconLogo {
  svg?: string;
  dataUrl?: string;
  width: number;
  height: number;
}

/**
 * An SVG file's markup placed in a box: its root element with the box's position and size (its
 * view box kept, or made from its width and height). Null when the text is no SVG.
 */
export function placeSvg(
  markup: string,
  box: { x: number; y: number; width: number; height: number },
): string | null {
  const open = /<svg\b([^>]*)>/i.exec(markup);
  const end = markup.lastIndexOf('</svg>');
  if (!open || end < open.index) return null;
  const attrs = open[1]!;
  const attr = (name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(attrs)?.[1];
  const width = parseFloat(attr('width') ?? '');
  const height = parseFloat(attr('height') ?? '');
  const viewBox = attr('viewBox') ?? (width > 0 && height > 0 ? `0 0 ${width} ${height}` : null);
  if (!viewBox) return null;
  const inner = markup.slice(open.index + open[0].length, end);
  return (
    `<svg x="${box.x}" y="${box.y}" width="${box.width}" height="${box.height}" ` +
    `viewBox="${escapeXml(viewBox)}" preserveAspectRatio="xMidYMid meet">${inner}</svg>`
  );
}

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

/** Up to two initials of the name, for a brand without a logo. */
export function initials(name: string): string {
  const words = name.split(/\s+/).filter((w) => /\p{L}|\p{N}/u.test(w));
  return words
    .slice(0, 2)
    .map((w) => [...w.replace(/[^\p{L}\p{N}]/gu, '')][0] ?? '')
    .join('')
    .toUpperCase();
}

/**
 * An app icon drawn in the brand's colours: the primary colour edge to edge, and the logo on a
 * white card in the middle (the initials in the secondary colour without a logo). A maskable icon
 * is square (the phone cuts its shape) and keeps the card inside the central circle a mask always
 * shows (40% of the size as radius); the other has rounded corners.
 */
export function appIconSvg(
  brand: ManifestBrand,
  kind: AppIconKind,
  size: number,
  logo: IconLogo | null,
): string {
  const S = 512;
  const corner = kind === 'maskable' ? 0 : 96;
  const cardW = kind === 'maskable' ? 360 : 420;
  const pad = 28;
  let inner: string;
  if (logo) {
    const boxW = cardW - 2 * pad;
    const ratio = logo.height / logo.width;
    const boxH = Math.min(Math.round(boxW * ratio), kind === 'maskable' ? 94 : 220);
    const cardH = boxH + 2 * pad;
    const x = (S - cardW) / 2;
    const y = (S - cardH) / 2;
    const box = { x: x + pad, y: y + pad, width: boxW, height: boxH };
    const drawn =
      (logo.svg ? placeSvg(logo.svg, box) : null) ??
      (logo.dataUrl
        ? `<image x="${box.x}" y="${box.y}" width="${boxW}" height="${boxH}" preserveAspectRatio="xMidYMid meet" href="${escapeXml(logo.dataUrl)}"/>`
        : '');
    inner =
      `<rect x="${x}" y="${y}" width="${cardW}" height="${cardH}" rx="24" fill="#ffffff"/>` + drawn;
  } else {
    inner =
      `<text x="256" y="256" dy="0.35em" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" ` +
      `font-weight="700" font-size="${kind === 'maskable' ? 150 : 190}" fill="${brand.secondary}">` +
      `${escapeXml(initials(brand.name))}</text>`;
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${S} ${S}">` +
    `<rect width="${S}" height="${S}" rx="${corner}" fill="${brand.primary}"/>${inner}</svg>`
  );
}

/** The image type of a logo file, from its name. */
export function logoMimeType(file: string): string | null {
  const ext = /\.([a-z0-9]+)$/i.exec(file)?.[1]?.toLowerCase();
  const types: Record<string, string> = {
    svg: 'image/svg+xml',
    png: 'image/png',
    jpg: 'image/jpeg',
    jpeg: 'image/jpeg',
    webp: 'image/webp',
    gif: 'image/gif',
  };
  return ext ? (types[ext] ?? null) : null;
}
