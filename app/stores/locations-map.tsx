import { GoogleMap, MapFrame } from './google-map';
import type { LatLng } from './google-map-logic';
import type { MapData } from './map-data.server';
import { StoreMap } from './store-map';

export interface LocationsMapProps {
  /** From `mapData(context, …)` in the loader. */
  data: MapData;
  /** The highlighted store; defaults to the loader's choice. */
  selected?: string | null;
  /** The key-less map zoomed to this store's area; defaults to the loader's choice. */
  focus?: string | null;
  /** Google's map: grows with each request to zoom to the selected store again. */
  zoomRequest?: number;
  /** With JavaScript: a marker selects its store on the page (list and map select each other). */
  onSelect?: (storeNumber: string) => void;
  /** Google map only: driving directions from here to the selected store. */
  origin?: LatLng | null;
  onDistance?: (miles: number | null) => void;
  label?: string;
}

/** The store map a brand has: its own SVG map, Google's map, or Google's embedded frame. */
export function LocationsMap({
  data,
  selected,
  focus,
  zoomRequest,
  onSelect,
  origin,
  onDistance,
  label = 'Map of our stores',
}: LocationsMapProps) {
  switch (data.kind) {
    case 'svg':
      return (
        <StoreMap
          view={data.view}
          selected={selected === undefined ? data.selected : selected}
          focus={focus === undefined ? data.focus : focus}
          home={data.home ?? null}
          onSelect={onSelect}
          label={label}
        />
      );
    case 'google':
      return (
        <GoogleMap
          apiKey={data.apiKey}
          styles={data.styles}
          markers={data.markers}
          zoom={data.zoom}
          selected={selected === undefined ? data.selected : selected}
          home={data.home ?? null}
          zoomRequest={zoomRequest}
          onSelect={onSelect}
          origin={origin}
          onDistance={onDistance}
          label={label}
          fallback={
            <StoreMap
              view={data.fallback.view}
              selected={selected === undefined ? data.selected : selected}
              focus={focus === undefined ? data.fallback.focus : focus}
              home={data.home ?? null}
              onSelect={onSelect}
              label={label}
            />
          }
        />
      );
    case 'frame':
      return <MapFrame src={data.src} title={data.title} width={data.width} height={data.height} />;
  }
}
