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

describe('locations', () => {
  it('makes location slugs from names', () => {
    expect(locationSlug("Lin's Cedar City")).toBe('lins-cedar-city');
    expect(locationSlug('  Market #5 — Downtown ')).toBe('market-5-downtown');
    expect(locationSlug('Café Über')).toBe('cafe-uber');
  });

  const store = {
    name: "Lin's Mesquite",
    storeNumber: '0057',
    address: '450 W Pioneer Blvd',
    city: 'Mesquite',
    state: 'NV',
    zip: '89027',
    hours: [{ day: 'Daily', hours: '6 AM - 11 PM' }],
  };

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
    ).toEqual({ phone: '(702) 555-0158', hours: [{ day: 'Mon-Fri', hours: '9 AM - 7 PM' }] });
    expect(locationSchema.parse({ ...store, pharmacy: {} }).pharmacy).toEqual({
      phone: null,
      hours: [],
    });
    expect(problem(locationSchema, { ...store, pharmacy: { hours: [{ day: 'Mon' }] } })).toBe(
      'pharmacy.hours.0.hours: is required',
    );
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
