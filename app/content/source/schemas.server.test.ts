/** Schemas of the content files. */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  bannerSchema,
  describeZodError,
  locationSchema,
  locationSlug,
  postSchema,
} from './schemas.server';

/** The problem line a schema gives for a value, or null when the value passes. */
function problem(schema: z.ZodTypeAny, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : describeZodError(result.error);
}

const store = {
  name: "Lin's Mesquite",
  storeNumber: '0057',
  address: '450 W Pioneer Blvd',
  city: 'Mesquite',
  state: 'NV',
  zip: '89027',
  hours: [{ day: 'Daily', hours: '6 AM - 11 PM' }],
};

describe('locations', () => {
  it('makes location slugs from names', () => {
    expect(locationSlug("Lin's Cedar City")).toBe('lins-cedar-city');
    expect(locationSlug('  Market #5 — Downtown ')).toBe('market-5-downtown');
    expect(locationSlug('Café Über')).toBe('cafe-uber');
  });

  it('reads a time zone, Denver when content names none', () => {
    expect(locationSchema.parse(store).timeZone).toBe('America/Denver');
    expect(locationSchema.parse({ ...store, timeZone: '' }).timeZone).toBe('America/Denver');
    expect(locationSchema.parse({ ...store, timeZone: ' America/Los_Angeles ' }).timeZone).toBe(
      'America/Los_Angeles',
    );
    for (const timeZone of ['Pacific', 'America/Nowhere', 'MST', '+07:00', 'Etc/../x']) {
      expect(problem(locationSchema, { ...store, timeZone }), timeZone).toBe(
        'timeZone: must be an IANA time zone name, e.g. America/Phoenix',
      );
    }
  });

  it('reads pharmacy hours and phone; no pharmacy is null', () => {
    expect(locationSchema.parse(store).pharmacy).toBeNull();
    expect(
      locationSchema.parse({
        ...store,
        pharmacy: { phone: '(702) 555-0158', hours: [{ day: 'Mon-Fri', hours: '9 AM - 7 PM' }] },
      }).pharmacy,
    ).toEqual({
      phone: '(702) 555-0158',
      hours: [{ day: 'Mon-Fri', hours: '9 AM - 7 PM' }],
      specialHours: [],
    });
    expect(locationSchema.parse({ ...store, pharmacy: {} }).pharmacy).toEqual({
      phone: null,
      hours: [],
      specialHours: [],
    });
    expect(problem(locationSchema, { ...store, pharmacy: { hours: [{ day: 'Mon' }] } })).toBe(
      'pharmacy.hours.0.hours: is required',
    );
  });
});

describe('services', () => {
  it('reads the list as written (spaces tidied), empty when absent', () => {
    expect(locationSchema.parse(store).services).toEqual([]);
    expect(
      locationSchema.parse({ ...store, services: [' Bakery ', 'Curbside  pickup', 'Fuel'] })
        .services,
    ).toEqual(['Bakery', 'Curbside pickup', 'Fuel']);
  });

  it('refuses empty or long names, duplicates, a non-list and a pharmacy without its block', () => {
    expect(problem(locationSchema, { ...store, services: 'Bakery, Deli' })).toBe(
      "services: must be a list of texts like ['Bakery', 'Curbside pickup']",
    );
    expect(problem(locationSchema, { ...store, services: ['Bakery', ' '] })).toBe(
      'services.1: must not be empty',
    );
    expect(problem(locationSchema, { ...store, services: ['x'.repeat(61)] })).toBe(
      'services.0: is longer than 60 characters',
    );
    expect(problem(locationSchema, { ...store, services: ['Deli', 'deli '] })).toBe(
      "services.1: 'deli' is listed twice",
    );
    expect(problem(locationSchema, { ...store, services: [42] })).toBe(
      'services.0: must be a text',
    );
    expect(problem(locationSchema, { ...store, services: ['Bakery', 'Pharmacy'] })).toBe(
      "services.1: 'Pharmacy' needs the store's pharmacy block (its phone and hours)",
    );
    expect(
      problem(locationSchema, {
        ...store,
        services: ['Pharmacy'],
        pharmacy: { phone: '(702) 555-0158', hours: [{ day: 'Daily', hours: '9 AM - 5 PM' }] },
      }),
    ).toBeNull();
  });
});

describe('holiday and special hours', () => {
  const special = (specialHours: unknown, pharmacy?: unknown) =>
    locationSchema.safeParse({ ...store, specialHours, pharmacy });
  const problemOf = (specialHours: unknown) => problem(locationSchema, { ...store, specialHours });

  it('reads one day or a range, sorted by date, for the store and its pharmacy apart', () => {
    const parsed = special(
      [
        { label: 'Christmas Day', date: '2026-12-25', hours: 'Closed' },
        { label: 'Inventory', from: '2027-01-04', to: '2027-01-05', hours: '8 AM  -  6 PM' },
        { label: 'Thanksgiving', date: ' 2026-11-26 ', hours: '7 AM - 2 PM' },
      ],
      {
        phone: null,
        specialHours: [{ label: 'Thanksgiving', date: '2026-11-26', hours: 'Closed' }],
      },
    );
    expect(parsed.success).toBe(true);
    const location = parsed.data!;
    expect(location.specialHours).toEqual([
      { label: 'Thanksgiving', from: '2026-11-26', to: '2026-11-26', hours: '7 AM - 2 PM' },
      { label: 'Christmas Day', from: '2026-12-25', to: '2026-12-25', hours: 'Closed' },
      { label: 'Inventory', from: '2027-01-04', to: '2027-01-05', hours: '8 AM - 6 PM' },
    ]);
    expect(location.pharmacy?.specialHours).toEqual([
      { label: 'Thanksgiving', from: '2026-11-26', to: '2026-11-26', hours: 'Closed' },
    ]);
    expect(locationSchema.parse(store).specialHours).toEqual([]);
  });

  it('refuses bad dates, backward or endless ranges, unreadable hours and missing parts', () => {
    expect(problemOf([{ label: 'Thanksgiving', date: '2026-11-31', hours: 'Closed' }])).toBe(
      'specialHours.0.date: must be a date like 2026-12-24',
    );
    expect(problemOf([{ label: 'X', date: 'Nov 26', hours: 'Closed' }])).toBe(
      'specialHours.0.date: must be a date like 2026-12-24',
    );
    expect(
      problemOf([{ label: 'Inventory', from: '2027-01-06', to: '2027-01-04', hours: 'Closed' }]),
    ).toBe('specialHours.0.to: must be on or after from (2027-01-06)');
    expect(
      problemOf([{ label: 'Remodel', from: '2027-01-01', to: '2028-01-02', hours: 'Closed' }]),
    ).toBe('specialHours.0.to: a range covers at most 366 days');
    expect(
      problemOf([{ label: 'Christmas Eve', date: '2026-12-24', hours: '7 AM till late' }]),
    ).toBe("specialHours.0.hours: must be 'Closed', 'Open 24 hours' or times like '8 AM - 3 PM'");
    expect(problemOf([{ label: 'X', hours: 'Closed' }])).toBe(
      'specialHours.0.date: is required (or from and to for a range of days)',
    );
    expect(problemOf([{ label: 'X', from: '2026-12-24', hours: 'Closed' }])).toBe(
      'specialHours.0.to: is required with from',
    );
    expect(
      problemOf([
        { label: 'X', date: '2026-12-24', from: '2026-12-24', to: '2026-12-25', hours: 'Closed' },
      ]),
    ).toBe('specialHours.0.date: give either date, or from and to, not both');
    expect(problemOf([{ date: '2026-12-24', hours: 'Closed' }])).toBe(
      'specialHours.0.label: is required',
    );
    expect(problemOf([{ label: 'X', date: '2026-12-24', hours: 'Closed', note: 'x' }])).toMatch(
      /^specialHours\.0: Unrecognized key/,
    );
  });

  it('refuses two entries on one day, naming both', () => {
    expect(
      problemOf([
        { label: 'Holiday week', from: '2026-12-20', to: '2026-12-26', hours: '8 AM - 8 PM' },
        { label: 'Christmas Day', date: '2026-12-25', hours: 'Closed' },
      ]),
    ).toBe(
      'specialHours.1: Christmas Day (2026-12-25) overlaps Holiday week (2026-12-20 to 2026-12-26): one entry per day',
    );
    expect(
      problemOf([
        { label: 'Christmas Day', date: '2026-12-25', hours: 'Closed' },
        { label: 'Christmas Eve', date: '2026-12-24', hours: '7 AM - 5 PM' },
      ]),
    ).toBeNull();
    // The store and its pharmacy each have their own days.
    expect(
      special([{ label: 'Thanksgiving', date: '2026-11-26', hours: 'Closed' }], {
        specialHours: [{ label: 'Thanksgiving', date: '2026-11-26', hours: 'Closed' }],
      }).success,
    ).toBe(true);
  });
});

describe('dates', () => {
  it('reads YAML dates, quoted dates and date-times as ISO instants, in Denver time', () => {
    // A plain date starts at midnight in Denver (UTC−7 in November, UTC−6 in July), whether
    // YAML parsed it (a Date at UTC midnight) or it was quoted.
    expect(postSchema.parse({ title: 'x', date: new Date('2026-11-05T00:00:00Z') }).date).toBe(
      '2026-11-05T07:00:00.000Z',
    );
    expect(postSchema.parse({ title: 'x', date: '2026-11-05' }).date).toBe(
      '2026-11-05T07:00:00.000Z',
    );
    expect(postSchema.parse({ title: 'x', date: '2026-07-01' }).date).toBe(
      '2026-07-01T06:00:00.000Z',
    );
    // Wall-clock times without an offset are Denver times; a YAML date-time is that instant.
    expect(postSchema.parse({ title: 'x', date: '2026-11-05T08:30' }).date).toBe(
      '2026-11-05T15:30:00.000Z',
    );
    expect(postSchema.parse({ title: 'x', date: new Date('2026-11-01T08:30:00Z') }).date).toBe(
      '2026-11-01T08:30:00.000Z',
    );
    expect(postSchema.parse({ title: 'x', date: ' 2026-11-01T00:00:00-07:00 ' }).date).toBe(
      '2026-11-01T07:00:00.000Z',
    );
    expect(postSchema.parse({ title: 'x', date: '', endDate: null })).toMatchObject({
      date: null,
      endDate: null,
    });
  });

  it('refuses what is not a date, and an end date that is not after the date', () => {
    for (const date of ['tomorrow', 'Nov 1 2026', '2026-13-45', '2026-02-30', '2026-02-30T10:00']) {
      expect(problem(postSchema, { title: 'x', date }), String(date)).toBe(
        'date: must be a date like 2026-11-01',
      );
    }
    expect(problem(postSchema, { title: 'x', date: '2026-11-01', endDate: '2026-11-01' })).toBe(
      'endDate: must be after date',
    );
    expect(problem(postSchema, { title: 'x', date: '2026-11-01', endDate: '2026-11-02' })).toBe(
      null,
    );
  });

  it('requires an end date on a banner', () => {
    expect(problem(bannerSchema, { date: '2026-11-01' })).toBe('endDate: is required');
    expect(bannerSchema.parse({ endDate: '2026-12-01' })).toMatchObject({
      class: 'info',
      date: null,
      endDate: '2026-12-01T07:00:00.000Z',
    });
  });
});
