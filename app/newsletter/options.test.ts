import { describe, expect, it } from 'vitest';
import { footerSignupSetup } from './footer-setup';
import { pharmacyStoreOptions, storeFromParam, storeParamName } from './options';

const SPEC_LIST = ['{product}', 'DANS', 'DICKS FRESH MARKET', 'FRESH MARKET', 'LINS'];

describe('pharmacy store options (spec §5)', () => {
  it("puts the retailer's name in capitals for {product}, in the tenant's order", () => {
    expect(pharmacyStoreOptions(SPEC_LIST, 'Harvest Table Market')).toEqual([
      'HARVEST TABLE MARKET',
      'DANS',
      'DICKS FRESH MARKET',
      'FRESH MARKET',
      'LINS',
    ]);
  });

  it('shows a name that comes out twice once (the first), whatever its case', () => {
    expect(pharmacyStoreOptions(SPEC_LIST, 'Fresh Market')).toEqual([
      'FRESH MARKET',
      'DANS',
      'DICKS FRESH MARKET',
      'LINS',
    ]);
    expect(pharmacyStoreOptions(['Lins', '  LINS ', '{product} Pharmacy'], 'Lins')).toEqual([
      'Lins',
      'LINS Pharmacy',
    ]);
  });
});

describe('the store parameter (spec §2: dashes to spaces, each word capitalised)', () => {
  it('reads the parameter as a store name', () => {
    expect(storeParamName('fresh-market')).toBe('Fresh Market');
    expect(storeParamName('DICKS-fresh-MARKET')).toBe('Dicks Fresh Market');
    expect(storeParamName('lins')).toBe('Lins');
    expect(storeParamName('--')).toBeNull();
    expect(storeParamName('')).toBeNull();
    expect(storeParamName(null)).toBeNull();
    expect(storeParamName(undefined)).toBeNull();
  });

  it('pre-selects the option of that name in any case, else none', () => {
    const options = pharmacyStoreOptions(SPEC_LIST, "Lin's Fresh Market");
    expect(storeFromParam('fresh-market', options)).toBe('FRESH MARKET');
    expect(storeFromParam('Dicks-Fresh-Market', options)).toBe('DICKS FRESH MARKET');
    expect(storeFromParam('dans', options)).toBe('DANS');
    // Not 'FRESH MARKET' by a part of the name: the whole name or nothing.
    expect(storeFromParam('fresh', options)).toBeNull();
    expect(storeFromParam('market-fresh', options)).toBeNull();
    expect(storeFromParam(null, options)).toBeNull();
    expect(storeFromParam('x'.repeat(10_000), options)).toBeNull();
  });

  it('matches a name with punctuation when the parameter leaves it out ("LIN\'S …")', () => {
    const options = pharmacyStoreOptions(SPEC_LIST, "Lin's Fresh Market");
    expect(options[0]).toBe("LIN'S FRESH MARKET");
    expect(storeFromParam('lins-fresh-market', options)).toBe("LIN'S FRESH MARKET");
    // An exact name wins over a loose one.
    expect(storeFromParam('lins', options)).toBe('LINS');
  });
});

describe("the footer dialog's choices", () => {
  const home = [
    { storeNumber: '0012', name: "Lin's Cedar City" },
    { storeNumber: '0014', name: "Lin's St. George" },
  ];
  const ace = [{ storeNumber: '0816', name: 'Hardware Sierra Vista' }];

  it('offers the home selector locations, starting on the home store', () => {
    const setup = footerSignupSetup({
      variant: 'standard',
      homeLocations: home,
      aceLocations: [],
      homeStoreNumber: '0014',
    });
    expect(setup).toEqual({
      variant: 'standard',
      action: '/newsletter',
      stores: [
        { value: '0012', label: "Lin's Cedar City" },
        { value: '0014', label: "Lin's St. George" },
      ],
      selectedStore: '0014',
      agreement: null,
    });
    const elsewhere = { variant: 'standard' as const, homeLocations: home, aceLocations: [] };
    expect(footerSignupSetup({ ...elsewhere, homeStoreNumber: '9999' })?.selectedStore).toBeNull();
    expect(footerSignupSetup({ ...elsewhere, homeStoreNumber: null })?.selectedStore).toBeNull();
  });

  it('offers the Ace locations for the Ace variant (no home store among them)', () => {
    const setup = footerSignupSetup({
      variant: 'ace',
      homeLocations: home,
      aceLocations: ace,
      homeStoreNumber: '0012',
    });
    expect(setup?.action).toBe('/newsletter/ace');
    expect(setup?.stores).toEqual([{ value: '0816', label: 'Hardware Sierra Vista' }]);
    expect(setup?.selectedStore).toBeNull();
  });

  it('is left out when there is nothing to choose', () => {
    expect(
      footerSignupSetup({
        variant: 'ace',
        homeLocations: home,
        aceLocations: [],
        homeStoreNumber: null,
      }),
    ).toBeNull();
  });
});
