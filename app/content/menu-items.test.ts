import { describe, expect, it } from 'vitest';
import type { MenuItem } from '~/content/source/types';
import { barItems, drawerItems, isExternal } from './menu-items';

const item = (label: string, extra: Partial<MenuItem> = {}): MenuItem => ({
  label,
  to: `/${label.toLowerCase()}`,
  drawerOnly: false,
  barOnly: false,
  post: null,
  form: null,
  children: [],
  ...extra,
});

const menu: MenuItem[] = [
  item('Weekly'),
  item('Recipes', { barOnly: true }),
  item('Departments', {
    to: null,
    drawerOnly: true,
    children: [item('Bakery')],
  }),
  item('Help', {
    to: null,
    children: [item('Contact', { drawerOnly: true }), item('FAQ', { barOnly: true })],
  }),
  item('Only', { to: null, children: [item('Drawer', { drawerOnly: true })] }),
];

describe('menu placement', () => {
  it('keeps bar items and drops drawer-only ones (and empty groups)', () => {
    const bar = barItems(menu);
    expect(bar.map((i) => i.label)).toEqual(['Weekly', 'Recipes', 'Help']);
    expect(bar[2].children.map((i) => i.label)).toEqual(['FAQ']);
  });

  it('keeps drawer items and drops bar-only ones', () => {
    const drawer = drawerItems(menu);
    expect(drawer.map((i) => i.label)).toEqual(['Weekly', 'Departments', 'Help', 'Only']);
    expect(drawer[2].children.map((i) => i.label)).toEqual(['Contact']);
  });

  it('accepts a missing menu', () => {
    expect(barItems(null)).toEqual([]);
    expect(drawerItems(undefined)).toEqual([]);
  });

  it('tells external addresses from site paths', () => {
    expect(isExternal('https://example.com')).toBe(true);
    expect(isExternal('mailto:a@b.c')).toBe(true);
    expect(isExternal('//cdn.example.com')).toBe(true);
    expect(isExternal('/weekly-ad')).toBe(false);
  });
});
