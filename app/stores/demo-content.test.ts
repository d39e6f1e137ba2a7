/**
 * The demo brands' store content is what the locator needs: every store's hours readable (a
 * week of seven days and an open-now line), the zone of its state, and among them the cases the
 * pages must show (closed Sunday, late hours past midnight, open 24 hours, pharmacy hours).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createContentService } from '~/content/source/content.server';
import { hoursView, parseWeek } from './hours';

const ROOT = path.resolve(__dirname, '../..');
const content = createContentService({ dir: path.join(ROOT, 'content'), watch: false });
const sites = fs
  .readdirSync(path.join(ROOT, 'tenants'))
  .filter((f) => f.endsWith('.json') && f !== 'schema.json')
  .map((f) => f.replace(/\.json$/, ''));
const stores = sites.flatMap((site) => {
  const info = content.retailerInfo(site);
  return [...info.locations, ...info.aceLocations].map((l) => ({ site, ...l }));
});
const ZONES: Record<string, string> = { NV: 'America/Los_Angeles', AZ: 'America/Phoenix' };
const NOW = new Date('2026-06-17T18:00:00Z');

describe('demo store content', () => {
  it('has stores for every brand', () => {
    expect(sites.length).toBeGreaterThan(1);
    for (const site of sites)
      expect(content.retailerInfo(site).locations.length, site).toBeGreaterThan(0);
  });

  it("reads every store's and pharmacy's hours as a full week with an open-now line", () => {
    for (const s of stores) {
      const view = hoursView(s.hours, NOW, s.timeZone);
      expect(view.rows, s.name).toHaveLength(7);
      expect(view.status, s.name).not.toBeNull();
      if (s.pharmacy) {
        expect(hoursView(s.pharmacy.hours, NOW, s.timeZone).status, s.name).not.toBeNull();
        expect(s.pharmacy.phone, s.name).toMatch(/^\(\d{3}\) \d{3}-\d{4}$/);
      }
      expect(s.phone, s.name).toMatch(/^\(\d{3}\) \d{3}-\d{4}$/);
      expect(s.latitude, s.name).not.toBeNull();
      expect(s.longitude, s.name).not.toBeNull();
    }
  });

  it('keeps each store on the clock of its state', () => {
    for (const s of stores) expect(s.timeZone, s.name).toBe(ZONES[s.state] ?? 'America/Denver');
  });

  it('shows the cases the pages handle', () => {
    const weeks = stores.map((s) => parseWeek(s.hours)!);
    expect(weeks.some((w) => w.days[6]?.kind === 'closed')).toBe(true);
    expect(weeks.some((w) => w.days.some((d) => d?.kind === 'open' && d.close > 1440))).toBe(true);
    expect(weeks.some((w) => w.days.every((d) => d?.kind === 'allDay'))).toBe(true);
    expect(stores.filter((s) => s.pharmacy).length).toBeGreaterThan(3);
  });
});
