/**
 * Zod schemas of the content files (format in docs/content.md): the front matter of posts,
 * banners, popups, layout posts and e-mail templates, and the items of menus, retailer info
 * and page promos. Each turns what YAML or JSON gives into the shape the queries serve.
 */
import { z } from 'zod';
import {
  SHOPPER_TIME_ZONE,
  daysBetween,
  denverInstant,
  isTimeZone,
  plainDate,
} from '@common/dates';
import { isLocalPath } from '~/lib/markdown.server';
import { parseHoursText } from '~/stores/hours';
import { MAX_SERVICE_LENGTH, PHARMACY_SERVICE, serviceKey } from '~/stores/services';
import { PAGE_SIGNUPS, type Location, type SpecialHours } from './types';

const DEFAULT_POPUP_FREQUENCY_DAYS = 30;

/** Text that YAML may have read as a number (e.g. `title: 2026`). */
const requiredText = z
  .union([z.string(), z.number()], { required_error: 'is required' })
  .transform((v) => String(v).trim())
  .refine((v) => v.length > 0, 'is required');
export const optionalText = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => (v === null || v === undefined ? null : String(v).trim() || null));
const flag = (fallback: boolean) =>
  z
    .boolean()
    .nullish()
    .transform((v) => v ?? fallback);

const LOCAL_DATE_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;

/**
 * The instant a content date means, in the brands' time zone (shoppers' dates are Denver time): a
 * plain date is the start of that day in Denver (a post dated 2026-11-01 appears at midnight there,
 * not at 5 or 6 p.m. the evening before), a date-time without an offset is Denver wall time, and
 * one with an offset is that instant. YAML's unquoted dates arrive as Date objects at UTC midnight:
 * read as the plain date they were written as. Null when unreadable.
 */
export function contentInstant(value: Date | string): string | null {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return null;
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? denverInstant(iso.slice(0, 10)).toISOString() : iso;
  }
  const text = value.trim();
  const plain = plainDate(text);
  if (plain) return denverInstant(plain).toISOString();
  const local = LOCAL_DATE_TIME.exec(text);
  if (local) {
    if (!plainDate(local[1])) return null;
    return denverInstant(
      local[1],
      Number(local[2]),
      Number(local[3]),
      Number(local[4] ?? 0),
    ).toISOString();
  }
  if (!/^\d{4}-\d{2}-\d{2}T/.test(text)) return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** YAML dates arrive as Date objects, quoted ones as strings: both become ISO instants. */
const isoDate = z
  .union([z.date(), z.string()], { invalid_type_error: 'must be a date like 2026-11-01' })
  .nullish()
  .transform((v, ctx) => {
    if (v === null || v === undefined || v === '') return null;
    const instant = contentInstant(v);
    if (instant === null) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'must be a date like 2026-11-01' });
      return z.NEVER;
    }
    return instant;
  });

const imageRef = z
  .string()
  .transform((v) => v.trim())
  .refine(isLocalPath, "must start with '/' (an image under /images/)")
  .nullish()
  .transform((v) => v ?? null);

/** A link target: a site path ('/x', not '//x') or an http(s) address. */
export function isSafeHref(value: string): boolean {
  return isLocalPath(value) || /^https?:\/\/[^/\s]/i.test(value.trim());
}
const href = z
  .string()
  .transform((v) => v.trim())
  .refine(isSafeHref, "must start with '/' or 'https://'");

const postLink = z.object({ label: requiredText, to: href });

/** The slug of a content form (forms/<slug>.json). */
const formSlug = z
  .string({ invalid_type_error: 'must be the slug of a form' })
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, 'must be the slug of a form (forms/<slug>.json)')
  .nullish()
  .transform((v) => v ?? null);

export const postSchema = z
  .object({
    title: requiredText,
    description: optionalText,
    date: isoDate,
    endDate: isoDate,
    searchable: flag(true),
    coverImage: imageRef,
    altText: optionalText,
    link: postLink.nullish().transform((v) => v ?? null),
    card: flag(false),
    displayFrequency: z
      .number()
      .positive()
      .nullish()
      .transform((v) => v ?? null),
    hideOverlay: flag(false),
    order: z
      .number()
      .finite()
      .nullish()
      .transform((v) => v ?? null),
    /** A page that hosts an e-mail sign-up: its button (and, without JavaScript, its link). */
    signup: z
      .enum(PAGE_SIGNUPS, { message: `must be one of: ${PAGE_SIGNUPS.join(', ')}` })
      .nullish()
      .transform((v) => v ?? null),
    /** A page that shows a content form below its text: the form's slug (forms/<slug>.json). */
    form: formSlug,
  })
  .superRefine(checkDateOrder);

export const bannerSchema = z
  .object({
    class: z
      .enum(['info', 'promo', 'alert'])
      .nullish()
      .transform((v) => v ?? 'info'),
    date: isoDate,
    endDate: isoDate.refine((v) => v !== null, 'is required'),
    desktopImage: imageRef,
    mobileImage: imageRef,
    link: href.nullish().transform((v) => v ?? null),
    altText: optionalText,
  })
  .superRefine(checkDateOrder);

export const popupSchema = z
  .object({
    title: optionalText,
    app: flag(false),
    date: isoDate,
    endDate: isoDate,
    displayFrequency: z
      .number()
      .positive()
      .nullish()
      .transform((v) => v ?? DEFAULT_POPUP_FREQUENCY_DAYS),
  })
  .superRefine(checkDateOrder);

export const layoutSchema = z.object({ title: optionalText });
export const emailSchema = z.object({ subject: requiredText });

function checkDateOrder(v: { date: string | null; endDate: string | null }, ctx: z.RefinementCtx) {
  if (v.date && v.endDate && v.endDate <= v.date) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['endDate'], message: 'must be after date' });
  }
}

export const menuItemSchema = z.object({
  label: requiredText,
  to: href.nullish().transform((v) => v ?? null),
  drawerOnly: flag(false),
  barOnly: flag(false),
  post: optionalText,
  form: formSlug,
  children: z.array(z.unknown()).nullish(),
});

const numberish = z
  .union([
    z.number(),
    z
      .string()
      .regex(/^\s*-?\d+(\.\d+)?\s*$/, 'must be a number')
      .transform(Number),
  ])
  .nullish()
  .transform((v) => (v === null || v === undefined || !Number.isFinite(v) ? null : v));
const code = z.union([z.string(), z.number()]).transform((v) => String(v).trim());

const hoursList = z.array(z.object({ day: requiredText, hours: requiredText }));

/** The longest date range one special-hours entry may cover (a year; longer is a typo). */
export const MAX_SPECIAL_HOURS_DAYS = 366;

const calendarDay = z
  .string({ invalid_type_error: 'must be a date like 2026-12-24' })
  .refine((v) => plainDate(v) !== null, 'must be a date like 2026-12-24')
  .transform((v) => v.trim());

/**
 * One holiday or special-hours entry: a `label`, one `date` or a `from`/`to` range (both days
 * included), and `hours` in the weekly hours' formats, read strictly (an exception the open-now
 * line cannot read would be worse than none).
 */
const specialHoursEntry = z
  .object({
    label: requiredText,
    date: calendarDay.optional(),
    from: calendarDay.optional(),
    to: calendarDay.optional(),
    hours: requiredText.refine(
      (v) => parseHoursText(v) !== null,
      "must be 'Closed', 'Open 24 hours' or times like '8 AM - 3 PM'",
    ),
  })
  .strict()
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) =>
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message });
    if (v.date !== undefined) {
      if (v.from !== undefined || v.to !== undefined) {
        issue('date', 'give either date, or from and to, not both');
      }
      return;
    }
    if (v.from === undefined && v.to === undefined) {
      issue('date', 'is required (or from and to for a range of days)');
      return;
    }
    if (v.from === undefined) return issue('from', 'is required with to');
    if (v.to === undefined) return issue('to', 'is required with from');
    const days = daysBetween(v.from, v.to);
    if (days < 0) issue('to', `must be on or after from (${v.from})`);
    else if (days >= MAX_SPECIAL_HOURS_DAYS) {
      issue('to', `a range covers at most ${MAX_SPECIAL_HOURS_DAYS} days`);
    }
  })
  .transform(
    (v): SpecialHours => ({
      label: v.label,
      from: (v.date ?? v.from) as string,
      to: (v.date ?? v.to) as string,
      hours: v.hours.replace(/\s+/g, ' '),
    }),
  );

const describeDays = (s: SpecialHours) => (s.from === s.to ? s.from : `${s.from} to ${s.to}`);

/** A list of special hours, sorted by date; two entries may not share a day. */
const specialHoursList = z
  .array(specialHoursEntry)
  .nullish()
  .transform((v) => v ?? [])
  .superRefine((list, ctx) => {
    const order = list
      .map((s, index) => ({ s, index }))
      .sort((a, b) => (a.s.from < b.s.from ? -1 : a.s.from > b.s.from ? 1 : 0));
    for (let i = 1; i < order.length; i++) {
      const before = order[i - 1];
      const after = order[i];
      if (after.s.from <= before.s.to) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: [after.index],
          message: `${after.s.label} (${describeDays(after.s)}) overlaps ${before.s.label} (${describeDays(before.s)}): one entry per day`,
        });
      }
    }
  })
  .transform((list) => [...list].sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0)));

/** At most this many services per store, each at most MAX_SERVICE_LENGTH characters. */
export const MAX_SERVICES = 30;

/** A store's departments and services: short texts, each once. */
const servicesList = z
  .array(
    z
      .string({ invalid_type_error: 'must be a text' })
      .transform((v) => v.replace(/\s+/g, ' ').trim())
      .refine((v) => v.length > 0, 'must not be empty')
      .refine(
        (v) => v.length <= MAX_SERVICE_LENGTH,
        `is longer than ${MAX_SERVICE_LENGTH} characters`,
      ),
    { invalid_type_error: "must be a list of texts like ['Bakery', 'Curbside pickup']" },
  )
  .max(MAX_SERVICES, `lists at most ${MAX_SERVICES} services`)
  .nullish()
  .transform((v) => v ?? [])
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((name, index) => {
      const key = serviceKey(name);
      if (seen.has(key)) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: [index],
          message: `'${name}' is listed twice`,
        });
      }
      seen.add(key);
    });
  });

/** Stores without a time zone in content keep Denver's (the brands' home zone). */
export const DEFAULT_STORE_TIME_ZONE = SHOPPER_TIME_ZONE;

export const locationSchema = z
  .object({
    name: requiredText,
    storeNumber: code.refine((v) => v.length > 0, 'is required'),
    address: requiredText,
    addressLine2: optionalText,
    city: requiredText,
    state: requiredText,
    zip: code.nullish(),
    zipCode: code.nullish(),
    latitude: numberish,
    longitude: numberish,
    phone: optionalText,
    adviewerPage: optionalText,
    hidden: flag(false),
    hiddenInHomeSelector: flag(false),
    hiddenInStoreSelector: flag(false),
    hours: hoursList.nullish().transform((v) => v ?? []),
    specialHours: specialHoursList,
    services: servicesList,
    pharmacy: z
      .object({
        phone: optionalText,
        hours: hoursList.nullish().transform((v) => v ?? []),
        specialHours: specialHoursList,
      })
      .nullish()
      .transform((v) => v ?? null),
    timeZone: optionalText.refine(
      (v) => v === null || isTimeZone(v),
      'must be an IANA time zone name, e.g. America/Phoenix',
    ),
  })
  .superRefine((v, ctx) => {
    // 'Has pharmacy' and the store page's pharmacy block read the pharmacy block: a listed
    // pharmacy without one would be found by the filter and then show no hours or phone.
    const pharmacyAt = v.services.findIndex((s) => serviceKey(s) === serviceKey(PHARMACY_SERVICE));
    if (pharmacyAt >= 0 && !v.pharmacy) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['services', pharmacyAt],
        message: "'Pharmacy' needs the store's pharmacy block (its phone and hours)",
      });
    }
    if (!v.zip && !v.zipCode) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['zip'],
        message: 'zip or zipCode is required',
      });
    }
  })
  .transform(
    (v): Location => ({
      name: v.name,
      slug: locationSlug(v.name),
      storeNumber: v.storeNumber,
      address: v.address,
      addressLine2: v.addressLine2,
      city: v.city,
      state: v.state,
      zip: (v.zip || v.zipCode) as string,
      latitude: v.latitude,
      longitude: v.longitude,
      phone: v.phone,
      adviewerPage: v.adviewerPage,
      hidden: v.hidden,
      hiddenInHomeSelector: v.hiddenInHomeSelector,
      hiddenInStoreSelector: v.hiddenInStoreSelector,
      hours: v.hours,
      specialHours: v.specialHours,
      services: v.services,
      pharmacy: v.pharmacy,
      timeZone: v.timeZone || DEFAULT_STORE_TIME_ZONE,
    }),
  );

/** Lower-case letters, digits and single dashes: a name's part of a report id. */
const idPart = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export const pagePromoSchema = z
  .object({
    page: requiredText,
    pageLocation: optionalText.transform((v) => v ?? ''),
    title: optionalText,
    desktopImage: imageRef,
    mobileImage: imageRef,
    link: href.nullish().transform((v) => v ?? null),
    altText: optionalText,
  })
  .transform((promo) => ({
    // What the ad studio counts the promo's views and clicks under: its page and place, which
    // are also what tells a brand's promo from the shared one it replaces (one per place).
    id: ['promo', idPart(promo.page), idPart(promo.pageLocation)]
      .filter(Boolean)
      .join('-')
      .slice(0, 100),
    ...promo,
  }));

/**
 * A slide of store-carousel.json: an image under '/', its alt text, a caption (`{hours}` in it
 * is the store's weekly hours in words) and the store it shows (`store`, a store number).
 */
export const storeSlideSchema = z.object({
  src: z
    .string({ required_error: 'is required' })
    .transform((v) => v.trim())
    .refine(isLocalPath, "must start with '/' (an image under /images/)"),
  alt: requiredText,
  caption: requiredText,
  store: code.nullish().transform((v) => v || null),
});

/** URL slug of a store name: "Joe's Cedar City" -> "joes-cedar-city". */
export function locationSlug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '') // accents
    .toLowerCase()
    .replace(/['’]/g, '') // "Joe's" is one word
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** One line for a problem list: 'path: message; path: message'. */
export function describeZodError(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.length ? issue.path.join('.') : 'value'}: ${issue.message}`)
    .join('; ');
}
