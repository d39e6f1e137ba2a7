import { describe, expect, it } from 'vitest';
import { metresBetween, milesBetween, milesFromMetres } from './distance';

const CEDAR_CITY = { latitude: 37.68, longitude: -113.0619 };
const ST_GEORGE = { latitude: 37.0868, longitude: -113.5962 };

describe('distance', () => {
  it('is zero from a point to itself and the same both ways', () => {
    expect(metresBetween(CEDAR_CITY, CEDAR_CITY)).toBe(0);
    expect(metresBetween(CEDAR_CITY, ST_GEORGE)).toBeCloseTo(metresBetween(ST_GEORGE, CEDAR_CITY));
  });

  it('measures the great circle', () => {
    // One degree of latitude is about 111.2 km.
    expect(metresBetween({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 })).toBeCloseTo(
      111_195,
      -1,
    );
    // Cedar City to St. George, about 81 km as the crow flies.
    expect(metresBetween(CEDAR_CITY, ST_GEORGE) / 1000).toBeCloseTo(81, 0);
    // Antipodes: half the circumference.
    expect(
      metresBetween({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 180 }) / 1000,
    ).toBeCloseTo(20_015, 0);
  });

  it('counts miles as the spec does: metres / 1609, rounded', () => {
    expect(milesFromMetres(0)).toBe(0);
    expect(milesFromMetres(804)).toBe(0);
    expect(milesFromMetres(805)).toBe(1);
    expect(milesFromMetres(1609 * 12)).toBe(12);
    expect(milesFromMetres(1609 * 12.5)).toBe(13);
    expect(milesBetween(CEDAR_CITY, ST_GEORGE)).toBe(
      Math.round(metresBetween(CEDAR_CITY, ST_GEORGE) / 1609),
    );
    expect(milesBetween(CEDAR_CITY, ST_GEORGE)).toBe(50);
  });
});
