/** Content entities (spec site-shell §3). Shared by the content service and the components. */
import type { FileTypeId } from '~/lib/forms/file-types';

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

/** A store's pharmacy, when it has one (its own phone line and hours). */
export interface LocationPharmacy {
  phone: string | null;
  hours: StoreHours[];
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
  pharmacy: LocationPharmacy | null;
  /** IANA time zone of the store's wall clock, which its hours follow (America/Denver unless set). */
  timeZone: string;
}

export interface RetailerInfo {
  adviewerPage: string | null;
  locations: Location[];
  aceLocations: Location[];
}

/** One slide of the static store carousel (store-carousel.json, spec site-shell §2). */
export interface StoreSlide {
  /** Image address, starting with '/'. */
  src: string;
  alt: string;
  caption: string;
}

export interface PagePromo {
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

// --- Content forms (forms/<slug>.json, docs/content.md "Forms") ---------------------------------

export const FORM_FIELD_TYPES = [
  'text',
  'textarea',
  'email',
  'phone',
  'radio',
  'select',
  'multiselect',
  'checkbox',
  'file',
] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

export interface FormOption {
  value: string;
  label: string;
}

interface FormFieldBase {
  /** The posted name and the template's placeholder ({{name}}). */
  name: string;
  label: string;
  required: boolean;
  /** Shown under the control and read with it (aria-describedby). */
  help: string | null;
}

export type FormField =
  | (FormFieldBase & {
      type: 'text' | 'email' | 'phone';
      maxLength: number;
      /** The input's autocomplete token ('name', 'email', 'tel-national', ...). */
      autocomplete: string | null;
    })
  | (FormFieldBase & { type: 'textarea'; maxLength: number; rows: number })
  | (FormFieldBase & {
      type: 'radio' | 'select' | 'multiselect';
      options: FormOption[];
      /** A select's empty first choice ('Choose a topic'). */
      placeholder: string | null;
    })
  | (FormFieldBase & { type: 'checkbox' })
  | (FormFieldBase & {
      type: 'file';
      /** The types taken (ids of ~/lib/forms/file-types). */
      accept: FileTypeId[];
      maxFiles: number;
      /** Per file. */
      maxBytes: number;
    });

export type FormFileField = Extract<FormField, { type: 'file' }>;

/** Reply-To of a form's e-mail: an operator's mailbox, or the address typed in an e-mail field. */
export type FormReplyTo = { address: string } | { field: string };

/** What a form does with the answers (spec accounts-loyalty §3 "Form action"). */
export interface FormEmailAction {
  type: 'email';
  /** Operator mailboxes ('desk@example.com' or 'Desk <desk@example.com>'), never the request's. */
  to: string[];
  cc: string[];
  bcc: string[];
  /** Null: the brand's sender (tenant `mail.from`, else no-reply@<canonical host>). */
  from: string | null;
  replyTo: FormReplyTo | null;
  /** Subject line with {{placeholders}}; null: the template's subject. */
  subject: string | null;
  /** E-mail template slug (email-templates/<slug>.md); null: the answers alone. */
  template: string | null;
  /** The file fields whose files go with the e-mail. */
  attachments: string[];
  /** Shown on the form's success page; null with a successRoute (or for none: home). */
  successMessage: string | null;
  /** A path of this site to go to after sending. */
  successRoute: string | null;
}

export interface ContentForm {
  slug: string;
  title: string;
  /** Plain text shown above the fields. */
  intro: string | null;
  submitLabel: string;
  fields: FormField[];
  /** The most all files of one post may weigh together. */
  maxTotalBytes: number;
  action: FormEmailAction;
  /** True when the form comes from content/shared. */
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
