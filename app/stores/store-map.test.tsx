/** The key-less map as shoppers get it: markers are links, the selected one marked. */
import { describe, expect, it, vi } from 'vitest';
import { renderServer } from '@test/render';
import { GoogleMap, MapFrame, geocodeAddress } from './google-map';
import { LocationsMap } from './locations-map';
import { StoreMap, markerClick } from './store-map';
import type { StoreMapView } from './store-map-view';

const VIEW: StoreMapView = {
  width: 800,
  height: 600,
  viewBox: '0 0 800 600',
  outlineHref: '/locations/map.svg?v=0123456789abcdef',
  unitsPerKm: 2,
  markers: [
    { storeNumber: '0012', slug: 'lins-cedar-city', name: "Lin's Cedar City", x: 400, y: 300 },
    { storeNumber: '0021', slug: 'lins-st-george', name: "Lin's St. George", x: 100, y: 500 },
  ],
};

/** The <a> elements of rendered SVG, with their attributes. */
function markers(html: string) {
  return [...html.matchAll(/<a ([^>]*)>([\s\S]*?)<\/a>/g)].map((m) => ({
    attrs: m[1],
    inner: m[2],
    href: /href="([^"]*)"/.exec(m[1])?.[1],
    label: /aria-label="([^"]*)"/.exec(m[1])?.[1],
    current: /aria-current="([^"]*)"/.exec(m[1])?.[1] ?? null,
  }));
}

describe('StoreMap', () => {
  it('is a labelled group drawing the outline image under one link per store', async () => {
    const html = await renderServer(<StoreMap view={VIEW} selected={null} />);
    expect(html).toMatch(/<svg role="group" aria-label="Map of our stores" viewBox="0 0 800 600"/);
    expect(html).toContain('<image href="/locations/map.svg?v=0123456789abcdef"');
    expect(html).toMatch(/<image [^>]*aria-hidden="true"/);
    const links = markers(html);
    expect(links.map((l) => l.href)).toEqual([
      '/locations/lins-cedar-city',
      '/locations/lins-st-george',
    ]);
    // Each link's accessible name is the store's name (aria-label and <title>).
    expect(links.map((l) => l.label)).toEqual(['Lin&#x27;s Cedar City', 'Lin&#x27;s St. George']);
    expect(links[1].inner).toContain('<title>Lin&#x27;s St. George</title>');
    expect(links.every((l) => l.current === null)).toBe(true);
  });

  it('marks the selected store with aria-current and draws it larger on top', async () => {
    const html = await renderServer(<StoreMap view={VIEW} selected="0021" />);
    const links = markers(html);
    expect(links.map((l) => l.current)).toEqual([null, 'true']);
    expect(links[1].inner).toContain('scale(1.6)');
    expect(links[0].inner).toContain('scale(1.2)');
    // A second, non-interactive drawing of the selected pin after the links.
    expect(html).toMatch(
      /<\/a><g [^>]*aria-hidden="true" transform="translate\(100 500\) scale\(1.6\)"/,
    );
  });

  it('zooms to the focused store and keeps pins their size on screen', async () => {
    const html = await renderServer(<StoreMap view={VIEW} selected="0012" focus="0012" />);
    // 60 km at 2 units/km = 120, below a quarter of the width: 200 wide, 150 high.
    expect(html).toContain('viewBox="300 225 200 150"');
    expect(markers(html)[0].inner).toContain('translate(400 300) scale(0.4)');
    expect(markers(html)[1].inner).toContain('translate(100 500) scale(0.3)');
  });

  it('draws nothing when no store is on the map', async () => {
    const html = await renderServer(<StoreMap view={{ ...VIEW, markers: [] }} selected={null} />);
    expect(html).not.toContain('<svg');
  });
});

describe('markerClick', () => {
  const click = (extra: Partial<Parameters<typeof markerClick>[0]> = {}) => ({
    button: 0,
    metaKey: false,
    ctrlKey: false,
    shiftKey: false,
    altKey: false,
    defaultPrevented: false,
    preventDefault: vi.fn(),
    ...extra,
  });

  it('with onSelect, selects the store and stays on the page', () => {
    const onSelect = vi.fn();
    const event = click();
    markerClick(event, '0021', onSelect);
    expect(onSelect).toHaveBeenCalledWith('0021');
    expect(event.preventDefault).toHaveBeenCalled();
  });

  it('follows the link without onSelect, or for a new tab or window', () => {
    const onSelect = vi.fn();
    const plain = click();
    markerClick(plain, '0021', undefined);
    expect(plain.preventDefault).not.toHaveBeenCalled();
    for (const extra of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { button: 1 }]) {
      const event = click(extra);
      markerClick(event, '0021', onSelect);
      expect(event.preventDefault).not.toHaveBeenCalled();
    }
    expect(onSelect).not.toHaveBeenCalled();
  });
});

describe('LocationsMap', () => {
  it('draws the SVG map for svg data, with the page’s selection winning over the loader’s', async () => {
    const data = { kind: 'svg', view: VIEW, selected: '0012', focus: null } as const;
    expect(markers(await renderServer(<LocationsMap data={data} />)).map((l) => l.current)).toEqual(
      ['true', null],
    );
    const chosen = await renderServer(<LocationsMap data={data} selected="0021" />);
    expect(markers(chosen).map((l) => l.current)).toEqual([null, 'true']);
  });

  it('renders the Google map’s container (loaded by an effect) and the embedded frame', async () => {
    const google = await renderServer(
      <LocationsMap
        data={{
          kind: 'google',
          apiKey: 'AIza-key',
          styles: [],
          markers: [{ storeNumber: '1', slug: 's', title: 'S', lat: 40, lng: -111 }],
          zoom: 8,
          selected: null,
          fallback: { view: VIEW, focus: null },
        }}
      />,
    );
    expect(google).toMatch(/role="region" aria-label="Map of our stores" aria-busy="true"/);
    expect(google).toContain('data-status="loading"');
    // Nothing of Google's is in the server's HTML.
    expect(google).not.toContain('googleapis');

    const frame = await renderServer(
      <LocationsMap
        data={{
          kind: 'frame',
          src: 'https://www.google.com/maps/embed/v1/place?key=k&q=Shop',
          title: 'Map of Shop',
          width: 500,
          height: 500,
        }}
      />,
    );
    expect(frame).toMatch(
      /<iframe src="https:\/\/www.google.com\/maps\/embed\/v1\/place\?key=k&amp;q=Shop" title="Map of Shop" width="500" height="500"/,
    );
  });
});

describe('Google map pieces without Google', () => {
  it("geocodeAddress rejects an empty address with 'Address is required.' before loading anything", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(geocodeAddress('   ')).rejects.toThrow('Address is required.');
    expect(warn).toHaveBeenCalledWith('Address is required.');
  });

  it('the frame defaults to 500x500', async () => {
    const html = await renderServer(
      <MapFrame src="https://www.google.com/maps/embed/v1/place?key=k&q=x" title="Map" />,
    );
    expect(html).toContain('width="500" height="500"');
  });

  it('the map container is labelled and busy until loaded', async () => {
    const html = await renderServer(
      <GoogleMap apiKey="k" styles={[]} markers={[]} zoom={8} selected={null} label="Store map" />,
    );
    expect(html).toContain('aria-label="Store map"');
    expect(html).toContain('aria-busy="true"');
  });
});
