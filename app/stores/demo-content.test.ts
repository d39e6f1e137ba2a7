/**
 * The demo brands' store content is what the locator needs: every store's hours readable (a
 * week of seven days and an open-now line), the zone of its state, and among them the cases the
 * pages must show (closed Sunday, late hours past midnight, open 24 hours, pharmacy hours).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createContentService } from '~/content/source/content.server';
import { hoursView, parseHoursText, parseWeek, specialHoursOn } from './hours';

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

  it('closes every store or shortens its hours on the 2026 holidays, and every pharmacy too', () => {
    for (const s of stores) {
      const thanksgiving = parseHoursText(specialHoursOn(s.specialHours, '2026-11-26')!.hours);
      expect(['closed', 'open'], s.name).toContain(thanksgiving?.kind);
      expect(specialHoursOn(s.specialHours, '2026-11-26')?.label, s.name).toBe('Thanksgiving');
      const eve = specialHoursOn(s.specialHours, '2026-12-24');
      expect(eve?.label, s.name).toBe('Christmas Eve');
      expect(parseHoursText(eve!.hours)?.kind, s.name).toBe('open');
      expect(specialHoursOn(s.specialHours, '2026-12-25'), s.name).toMatchObject({
        label: 'Christmas Day',
        hours: 'Closed',
      });
      if (s.pharmacy) {
        expect(specialHoursOn(s.pharmacy.specialHours, '2026-11-26'), s.name).toMatchObject({
          label: 'Thanksgiving',
          hours: 'Closed',
        });
        expect(specialHoursOn(s.pharmacy.specialHours, '2026-12-25')?.hours, s.name).toBe('Closed');
      }
    }
  });

  it("keeps the holiday hours a brand's news post promises in the locator", () => {
    // A post with a table of holiday hours ('| Thanksgiving Day | 6 AM to 3 PM | Closed |').
    for (const site of sites) {
      const dir = path.join(ROOT, 'content', site, 'posts', 'news');
      if (!fs.existsSync(dir)) continue;
      for (const file of fs.readdirSync(dir).filter((f) => /holiday-hours/.test(f))) {
        const text = fs.readFileSync(path.join(dir, file), 'utf8');
        const rows = [...text.matchAll(/^\|\s*([^|]+?)\s*\|\s*([^|]+?)\s*\|\s*([^|]+?)\s*\|$/gm)]
          .map((m) => m.slice(1, 4))
          .filter(([label]) => !/^(Holiday|-+)$/.test(label));
        expect(rows.length, file).toBeGreaterThan(0);
        const dates: Record<string, string> = {
          'Thanksgiving Day': '2026-11-26',
          'Christmas Eve': '2026-12-24',
          'Christmas Day': '2026-12-25',
          "New Year's Eve": '2026-12-31',
          "New Year's Day": '2027-01-01',
        };
        const same = (written: string, content: string | undefined) =>
          expect(parseHoursText(content ?? '')).toEqual(
            parseHoursText(written.replace(' to ', ' - ')),
          );
        for (const [label, store, pharmacy] of rows) {
          const date = dates[label];
          expect(date, `${file}: ${label}`).toBeDefined();
          for (const s of stores.filter((x) => x.site === site && !x.hidden)) {
            same(store, specialHoursOn(s.specialHours, date)?.hours);
            if (s.pharmacy) same(pharmacy, specialHoursOn(s.pharmacy.specialHours, date)?.hours);
          }
        }
      }
    }
  });
});
