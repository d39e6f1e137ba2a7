/**
 * City and state from a zip code, for the demo states (UT, NV, ID, CO, AZ). A small built-in
 * table stands in for a postal database: exact five-digit zips first (the demo stores' towns),
 * then the three-digit prefix (the sectional center's main city). Unknown zips give null and the
 * caller leaves city and state empty.
 */

const EXACT: Record<string, [string, string]> = {
  // Utah
  '84010': ['Bountiful', 'UT'],
  '84014': ['Centerville', 'UT'],
  '84025': ['Farmington', 'UT'],
  '84036': ['Kamas', 'UT'],
  '84037': ['Kaysville', 'UT'],
  '84041': ['Layton', 'UT'],
  '84060': ['Park City', 'UT'],
  '84094': ['Sandy', 'UT'],
  '84108': ['Salt Lake City', 'UT'],
  '84117': ['Holladay', 'UT'],
  '84601': ['Provo', 'UT'],
  '84701': ['Richfield', 'UT'],
  '84720': ['Cedar City', 'UT'],
  '84737': ['Hurricane', 'UT'],
  '84770': ['St. George', 'UT'],
  '84790': ['St. George', 'UT'],
  // Nevada
  '89027': ['Mesquite', 'NV'],
  '89801': ['Elko', 'NV'],
  // Idaho
  '83201': ['Pocatello', 'ID'],
  '83221': ['Blackfoot', 'ID'],
  '83318': ['Burley', 'ID'],
  '83402': ['Idaho Falls', 'ID'],
  '83440': ['Rexburg', 'ID'],
  // Colorado
  '80301': ['Boulder', 'CO'],
  '80501': ['Longmont', 'CO'],
  '80524': ['Fort Collins', 'CO'],
  '80537': ['Loveland', 'CO'],
  '80634': ['Greeley', 'CO'],
  // Arizona
  '85602': ['Benson', 'AZ'],
  '85614': ['Green Valley', 'AZ'],
  '85621': ['Nogales', 'AZ'],
  '85629': ['Sahuarita', 'AZ'],
  '85635': ['Sierra Vista', 'AZ'],
  '85713': ['Tucson', 'AZ'],
  '85746': ['Tucson', 'AZ'],
};

const PREFIX: Record<string, [string, string]> = {
  // Utah
  '840': ['Salt Lake City', 'UT'],
  '841': ['Salt Lake City', 'UT'],
  '843': ['Ogden', 'UT'],
  '844': ['Ogden', 'UT'],
  '845': ['Price', 'UT'],
  '846': ['Provo', 'UT'],
  '847': ['Cedar City', 'UT'],
  // Nevada
  '889': ['Las Vegas', 'NV'],
  '890': ['Las Vegas', 'NV'],
  '891': ['Las Vegas', 'NV'],
  '893': ['Ely', 'NV'],
  '894': ['Reno', 'NV'],
  '895': ['Reno', 'NV'],
  '897': ['Carson City', 'NV'],
  '898': ['Elko', 'NV'],
  // Idaho
  '832': ['Pocatello', 'ID'],
  '833': ['Twin Falls', 'ID'],
  '834': ['Idaho Falls', 'ID'],
  '835': ['Lewiston', 'ID'],
  '836': ['Boise', 'ID'],
  '837': ['Boise', 'ID'],
  '838': ["Coeur d'Alene", 'ID'],
  // Colorado
  '800': ['Denver', 'CO'],
  '801': ['Englewood', 'CO'],
  '802': ['Denver', 'CO'],
  '803': ['Boulder', 'CO'],
  '804': ['Golden', 'CO'],
  '805': ['Longmont', 'CO'],
  '806': ['Greeley', 'CO'],
  '807': ['Brush', 'CO'],
  '808': ['Colorado Springs', 'CO'],
  '809': ['Colorado Springs', 'CO'],
  '810': ['Pueblo', 'CO'],
  '811': ['Alamosa', 'CO'],
  '812': ['Salida', 'CO'],
  '813': ['Durango', 'CO'],
  '814': ['Grand Junction', 'CO'],
  '815': ['Grand Junction', 'CO'],
  '816': ['Glenwood Springs', 'CO'],
  // Arizona
  '850': ['Phoenix', 'AZ'],
  '852': ['Mesa', 'AZ'],
  '853': ['Glendale', 'AZ'],
  '855': ['Globe', 'AZ'],
  '856': ['Tucson', 'AZ'],
  '857': ['Tucson', 'AZ'],
  '859': ['Show Low', 'AZ'],
  '860': ['Flagstaff', 'AZ'],
  '863': ['Prescott', 'AZ'],
  '864': ['Kingman', 'AZ'],
};

export interface Place {
  city: string;
  state: string;
}

/** City and state of a zip (`84720` or `84720-1234`), or null when the table does not know it. */
export function placeOfZip(zip: string): Place | null {
  const five = zip.trim().slice(0, 5);
  if (!/^\d{5}$/.test(five)) return null;
  const hit = EXACT[five] ?? PREFIX[five.slice(0, 3)];
  return hit ? { city: hit[0], state: hit[1] } : null;
}
