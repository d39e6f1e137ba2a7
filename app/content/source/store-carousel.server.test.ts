/** store-carousel.json: validated slides, the site's file over shared/'s, images checked. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { write } from '@test/content-fixture';
import { createContentService, type ContentService } from './content.server';

let dir = '';
const services: ContentService[] = [];
const service = () => {
  const s = createContentService({ dir });
  services.push(s);
  return s;
};

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-carousel-test-'));
  write(dir, 'shared/store-carousel.json', {
    slides: [{ src: '/images/shared.svg', alt: 'Shared', caption: 'Shared slide' }],
  });
  write(dir, 'shared/images/shared.svg', '<svg/>');
  write(dir, 'alpha/store-carousel.json', {
    slides: [
      { src: '/images/stores/front.svg', alt: 'Our storefront', caption: ' Open 6 AM to 11 PM ' },
      { src: '/images/stores/missing.svg', alt: 'Bakery', caption: 'Fresh bread daily' },
      { src: 'https://cdn.test/x.png', alt: 'Remote', caption: 'Not ours' },
      { src: '/images/stores/front.svg', caption: 'No alt' },
      { src: '/images/stores/front.svg', alt: 'No caption' },
      {
        src: '/images/stores/front.svg',
        alt: 'Our second store',
        caption: 'Open {hours}.',
        store: 12,
      },
      { src: '/images/stores/front.svg', alt: 'Gone', caption: 'Open {hours}.', store: '99' },
      { src: '/images/stores/front.svg', alt: 'Whose', caption: 'Open {hours}.' },
    ],
  });
  write(dir, 'alpha/retailer-info.json', {
    locations: [
      {
        name: 'Alpha Main',
        storeNumber: '12',
        address: '1 Main St',
        city: 'Cedar City',
        state: 'UT',
        zip: '84720',
        hours: [
          { day: 'Mon-Sat', hours: '6 AM - 12 AM' },
          { day: 'Sun', hours: 'Closed' },
        ],
      },
    ],
  });
  write(dir, 'alpha/images/stores/front.svg', '<svg/>');
  write(dir, 'beta/posts/.keep', '');
  write(dir, 'gamma/store-carousel.json', [{ src: '/images/x.svg', alt: 'x', caption: 'x' }]);
});

afterEach(() => {
  while (services.length) services.pop()!.close();
});

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('storeCarousel', () => {
  it('keeps the valid slides in file order, trimmed, and reports the dropped ones', () => {
    const s = service();
    const slides = s.storeCarousel('alpha');
    expect(slides.slice(0, 2)).toEqual([
      {
        src: '/images/stores/front.svg',
        alt: 'Our storefront',
        caption: 'Open 6 AM to 11 PM',
        store: null,
      },
      {
        src: '/images/stores/missing.svg',
        alt: 'Bakery',
        caption: 'Fresh bread daily',
        store: null,
      },
    ]);
    // {hours}: the store's own weekly hours in words.
    expect(slides[2]).toMatchObject({
      caption: 'Open Mon–Sat from 6 AM to midnight, Sun closed.',
      store: '12',
    });
    const problems = s.problems('alpha').filter((p) => p.file === 'alpha/store-carousel.json');
    expect(problems.map((p) => p.message)).toEqual([
      "slides[2]: src: must start with '/' (an image under /images/) (slide dropped)",
      'slides[3]: alt: is required (slide dropped)',
      'slides[4]: caption: is required (slide dropped)',
      'image /images/stores/missing.svg does not exist under images/',
      // A caption that tells hours itself could disagree with the store's: it is reported.
      "slide 'Our storefront': the caption says '6 AM': write {hours} and the slide's store (\"store\": its store number) so the caption follows the store's hours",
      "slide 'Gone': store 99 is no visible store of retailer-info.json",
      "slide 'Whose': {hours} needs the slide's store (\"store\": its store number)",
    ]);
  });

  it("falls back to shared/'s slides, and is empty when neither has a file", () => {
    const s = service();
    expect(s.storeCarousel('beta')).toEqual([
      { src: '/images/shared.svg', alt: 'Shared', caption: 'Shared slide', store: null },
    ]);
    fs.renameSync(path.join(dir, 'shared/store-carousel.json'), path.join(dir, 'shared/x.json'));
    try {
      expect(service().storeCarousel('beta')).toEqual([]);
    } finally {
      fs.renameSync(path.join(dir, 'shared/x.json'), path.join(dir, 'shared/store-carousel.json'));
    }
  });

  it('refuses a file that is not { "slides": [...] }', () => {
    const s = service();
    expect(s.storeCarousel('gamma')).toEqual([]);
    expect(s.problems('gamma')).toContainEqual({
      file: 'gamma/store-carousel.json',
      message: 'must be { "slides": [ ... ] }',
    });
  });

  it('returns copies: a caller cannot change the cache', () => {
    const s = service();
    s.storeCarousel('alpha')[0].caption = 'changed';
    expect(s.storeCarousel('alpha')[0].caption).toBe('Open 6 AM to 11 PM');
  });
});
