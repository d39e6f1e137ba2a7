/** The brand's stores as the seed uses them: home stores, receipt headers, charity zips. */
import { placeOfZip } from '../zip';
import { hashString } from './random';

export interface SeedStore {
  storeNumber: string;
  name?: string;
  address?: string;
  city?: string;
  state?: string;
  zip?: string;
}

export interface StoreInfo {
  storeNumber: string;
  name: string;
  address: string;
  cityLine: string;
  zip: string;
  state: string;
}

/** A store's receipt block, from what the brand says about it or made-up defaults. */
export function storeInfo(
  appId: string,
  retailer: string,
  number: string,
  known?: SeedStore,
): StoreInfo {
  const zip = known?.zip ?? '84720';
  const place = placeOfZip(zip);
  const city = known?.city ?? place?.city ?? 'Cedar City';
  const state = known?.state ?? place?.state ?? 'UT';
  return {
    storeNumber: number,
    name: known?.name ?? `${retailer} #${number}`,
    address: known?.address ?? `${100 + (hashString(appId + number) % 800)} N Main St`,
    cityLine: `${city}, ${state} ${zip}`,
    zip,
    state,
  };
}
