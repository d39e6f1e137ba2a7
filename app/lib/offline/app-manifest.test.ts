import { describe, expect, it } from 'vitest';
import {
  APP_ICONS,
  SHORT_NAME_MAX,
  appIconPath,
  appIconSvg,
  buildManifest,
  deriveShortName,
  initials,
  logoMimeType,
  parseAppIconFile,
  placeSvg,
} from './app-manifest';

const brand = { name: 'Southend Grocers', primary: '#4a148c', secondary: '#ffca28' };

describe('deriveShortName', () => {
  it('keeps a name that fits, else its first word, else the name cut', () => {
    expect(deriveShortName('Fresh Market')).toBe('Fresh Market');
    expect(deriveShortName('Southend Grocers')).toBe('Southend');
    expect(deriveShortName('Supercalifragilistic Foods')).toBe('Supercalifra');
    expect(deriveShortName('  Dan’s   Foods ')).toBe('Dan’s Foods');
    for (const name of ['A', 'Harvest Table Market', 'X'.repeat(40)]) {
      expect(deriveShortName(name).length).toBeLessThanOrEqual(SHORT_NAME_MAX);
    }
  });
});

describe('buildManifest', () => {
  it('is a standalone app on the home page, in the brand colour, with its icons', () => {
    const manifest = buildManifest(brand, 'abc123');
    expect(manifest).toMatchObject({
      id: '/',
      name: 'Southend Grocers',
      short_name: 'Southend',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#4a148c',
      background_color: '#4a148c',
    });
    expect(manifest.icons).toEqual([
      {
        src: '/app-icon/any-192.abc123.svg',
        sizes: '192x192',
        type: 'image/svg+xml',
        purpose: 'any',
      },
      {
        src: '/app-icon/any-512.abc123.svg',
        sizes: '512x512',
        type: 'image/svg+xml',
        purpose: 'any',
      },
      {
        src: '/app-icon/maskable-512.abc123.svg',
        sizes: '512x512',
        type: 'image/svg+xml',
        purpose: 'maskable',
      },
    ]);
    // Chromium installs only with an icon of 144 px or more.
    expect(Math.max(...APP_ICONS.map((i) => i.size))).toBeGreaterThanOrEqual(144);
  });

  it("uses the tenant's short name when it gives one", () => {
    expect(buildManifest({ ...brand, shortName: 'Southend!' }, 'v').short_name).toBe('Southend!');
  });
});

describe('app icons', () => {
  it('names each icon by an address it reads back, and no other', () => {
    for (const icon of APP_ICONS) {
      const file = appIconPath(icon.kind, icon.size, 'v1').split('/').pop()!;
      expect(parseAppIconFile(file)).toEqual({ kind: icon.kind, size: icon.size, version: 'v1' });
    }
    expect(parseAppIconFile('maskable-192.v1.svg')).toBeNull();
    expect(parseAppIconFile('any-512.v1.png')).toBeNull();
    expect(parseAppIconFile('../any-512.v1.svg')).toBeNull();
  });

  it('draws the logo on a card in the brand colour, inside the safe circle when maskable', () => {
    const logo = { dataUrl: 'data:image/svg+xml;base64,PHN2Zy8+', width: 170, height: 48 };
    const svg = appIconSvg(brand, 'maskable', 512, logo);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="512" height="512"/);
    expect(svg).toContain('fill="#4a148c"');
    expect(svg).toContain(`href="${logo.dataUrl}"`);
    const card = /<rect x="(\d+)" y="(\d+)" width="(\d+)" height="(\d+)"/.exec(svg)!.map(Number);
    const [, x, y, w, h] = card;
    // The card's corners lie within 40% of the size from the centre.
    expect(Math.hypot(x + w - 256, y + h - 256)).toBeLessThanOrEqual(0.4 * 512);
    expect(appIconSvg(brand, 'any', 192, logo)).toContain('width="192" height="192"');
  });

  it('draws an SVG logo inline, in the box, with its own view box', () => {
    const logo = {
      svg: '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="170" height="48"><circle r="4"/></svg>',
      width: 170,
      height: 48,
    };
    const svg = appIconSvg(brand, 'any', 512, logo);
    expect(svg).toMatch(
      /<svg x="[\d.]+" y="[\d.]+" width="[\d.]+" height="[\d.]+" viewBox="0 0 170 48" preserveAspectRatio="xMidYMid meet"><circle r="4"\/><\/svg><\/svg>$/,
    );
    expect(svg).not.toContain('<?xml');
    expect(placeSvg('<svg><g/></svg>', { x: 0, y: 0, width: 1, height: 1 })).toBeNull();
    expect(placeSvg('not an svg', { x: 0, y: 0, width: 1, height: 1 })).toBeNull();
  });

  it("shows the brand's initials without a logo, its name escaped", () => {
    const svg = appIconSvg({ ...brand, name: 'Lin & <Co>' }, 'any', 192, null);
    expect(svg).toContain('>LC</text>');
    expect(svg).toContain('fill="#ffca28"');
    expect(initials("Dan's Foods")).toBe('DF');
  });

  it('knows the image types a logo may have', () => {
    expect(logoMimeType('/x/logo.svg')).toBe('image/svg+xml');
    expect(logoMimeType('/x/logo.PNG')).toBe('image/png');
    expect(logoMimeType('/x/logo.tiff')).toBeNull();
  });
});
