/** Content entities (format in docs/content.md), shared by the content service and components. */

/** The content service other areas reach through `context.services.content`. */
export type { ContentService } from './content.server';

/** The e-mail sign-ups a content page may host (front matter `signup`). */
export const PAGE_SIGNUPS = ['pharmacy', 'ace'] as const;
export type PageSignup = (typeof PAGE_SIGNUPS)[number];

export interface PostLink {
  label: string;
  to: string;
}

export interface Post {
  slug: string;
  /** Site path of the post: '/posts/{category}/{slug}', '/{slug}' for a page, '/' for home. */
  path: string;
  /** Folder under posts/, or null for a page. */
  category: string | null;
  title: string;
  description: string | null;
  /** ISO date strings. */
  date: string | null;
  endDate: string | null;
  searchable: boolean;
  coverImage: string | null;
  altText: string | null;
  link: PostLink | null;
  card: boolean;
  displayFrequency: number | null;
  hideOverlay: boolean;
  order: number | null;
  /** A page hosting an e-mail sign-up (front matter `signup`), else null. */
  signup: PageSignup | null;
  /** The slug of the content form the page shows below its text (front matter `form`). */
  form: string | null;
  /** True when the post comes from content/shared. */
  shared: boolean;
  /** Sanitised HTML of the body. */
  html: string;
  /** Plain text of the body (for search and snippets). */
  text: string;
}

export interface MenuItem {
  label: string;
  to: string | null;
  drawerOnly: boolean;
  barOnly: boolean;
  /** Page slug whose text is embedded (footer columns). */
  post: string | null;
  /**
   * A content form the item opens (the footer's opens it in a dialog); `to` is then the form's
   * own page, /forms/<slug>, unless the item names another.
   */
  form: string | null;
  children: MenuItem[];
}

export interface Menu {
  slug: string;
  menu: MenuItem[];
}

export interface Banner {
  slug: string;
  class: 'info' | 'promo' | 'alert';
  /** Sanitised HTML. */
  content: string;
  date: string | null;
  endDate: string;
  desktopImage: string | null;
  mobileImage: string | null;
  link: string | null;
  altText: string | null;
}

export interface Popup {
  slug: string;
  title: string;
  app: boolean;
  date: string | null;
  endDate: string | null;
  displayFrequency: number;
  /** Sanitised HTML. */
  html: string;
}

export interface LayoutPost {
  slug: string;
  title: string | null;
  html: string;
  text: string;
}

export interface StoreHours {
  day: string;
  hours: string;
}

/**
 * A dated exception to a store's (or its pharmacy's) weekly hours: closed, or other hours, from
 * one calendar day to another (both included, on the store's own clock; docs/content.md).
 */
export interface SpecialHours {
  /** What the day is called: 'Thanksgiving', 'Christmas Eve', 'Inventory'. */
  label: string;
  /** First day, `YYYY-MM-DD`. */
  from: string;
  /** Last day, `YYYY-MM-DD` (the same as `from` for one day). */
  to: string;
  /** 'Closed', 'Open 24 hours' or times like '8 AM - 3 PM' (the weekly hours' formats). */
  hours: string;
}

/** A store's pharmacy, when it has one (its own phone line and hours). */
export interface LocationPharmacy {
  phone: string | null;
  hours: StoreHours[];
  /** Holiday and special hours of the pharmacy alone, sorted by date. */
  specialHours: SpecialHours[];
}

export interface Location {
  name: string;
  /** URL slug of the name, used by /locations/{slug}. */
  slug: string;
  storeNumber: string;
  address: string;
  addressLine2: string | null;
  city: string;
  state: string;
  zip: string;
  latitude: number | null;
  longitude: number | null;
  phone: string | null;
  adviewerPage: string | null;
  hidden: boolean;
  hiddenInHomeSelector: boolean;
  hiddenInStoreSelector: boolean;
  hours: StoreHours[];
  /** Holiday and special hours of the store, sorted by date. */
  specialHours: SpecialHours[];
  /**
   * Departments and services as the operator writes them ('Bakery', 'Curbside pickup'), in
   * their order; empty when content lists none.
   */
  services: string[];
  pharmacy: LocationPharmacy | null;
  /** IANA time zone of the store's wall clock, which its hours follow (America/Denver unless set). */
  timeZone: string;
}

export interface RetailerInfo {
  adviewerPage: string | null;
  locations: Location[];
  aceLocations: Location[];
}

/** One slide of the static store carousel (store-carousel.json, docs/content.md). */
export interface StoreSlide {
  /** Image address, starting with '/'. */
  src: string;
  alt: string;
  /** May hold `{hours}`: the weekly hours of `store`, in words. */
  caption: string;
  /** The store the slide shows (its store number), when it names one; null otherwise. */
  store: string | null;
}

export interface PagePromo {
  /** `promo-{page}-{pageLocation}` in lower case: what its views and clicks are reported under. */
  id: string;
  page: string;
  pageLocation: string;
  title: string | null;
  desktopImage: string | null;
  mobileImage: string | null;
  link: string | null;
  altText: string | null;
}

export interface EmailTemplate {
  slug: string;
  subject: string;
  /** Markdown body with {{placeholders}}. */
  body: string;
  shared: boolean;
}

export interface SearchHighlightText {
  type: 'text' | 'hit';
  value: string;
}

export interface SearchResult {
  title: string;
  path: string;
  /** Snippet HTML: escaped text, matches wrapped in <mark>, leading '…' when cut. */
  content: string;
  score: number;
  highlights: { path: string; texts: SearchHighlightText[] }[];
}

export interface PostQuery {
  /** Folder under posts/; null selects pages only; undefined selects all. */
  category?: string | null;
  /** Equality filters on post fields (e.g. { card: true }). */
  where?: Partial<Record<keyof Post, string | number | boolean | null>>;
  /** 'field:asc' or 'field:desc'; default 'date:desc'. */
  sort?: string;
  limit?: number;
  skip?: number;
  /** Return only these fields (slug and path are always kept). */
  only?: (keyof Post)[];
  /** Include posts that are not visible yet or any more (for tenants:check). */
  includeHidden?: boolean;
}
