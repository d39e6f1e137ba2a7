/**
 * The subscribe call's rules (docs/reference/newsletter.md "Rules"), apart from HTTP and storage:
 * list names and their variants, the callback names a JSONP reply may call, query-string decoding
 * that refuses bad percent-encoding, and the field checks that turn a query into a subscription or
 * the provider's `msg`.
 */

/** A list: one brand's sign-up list or one of its variants (`lins`, `lins-ace`, `lins-pharmacy`). */
export const LIST_NAME = /^[a-z0-9-]{1,64}$/;

/** A JSONP callback: a dotted JavaScript name, never anything that could carry script. */
export const CALLBACK_NAME = /^[A-Za-z_$][A-Za-z0-9_$.]{0,63}$/;

/** A simple local part, '@', a dotted domain (the site's own pattern). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;
export const MAX_EMAIL_LENGTH = 254;
export const MAX_NAME_LENGTH = 100;
export const MAX_PHONE_LENGTH = 30;
/** Any one query field. */
export const MAX_FIELD_LENGTH = 200;

/** The pharmacy dialog's age ranges, as its options send them. */
export const AGE_RANGES = ['Over 75', '70-75', '65-70', '60-65', '55-60', '50-55', 'Under 50'];

export const MESSAGES = {
  success: 'Thank you for subscribing!',
  unsubscribed: 'You have been unsubscribed.',
  email: 'Please enter a valid email address.',
  required: 'This field is required.',
  phone: 'Please enter a valid phone number.',
  ageRange: `Please choose an age range: ${AGE_RANGES.join(', ')}.`,
  controlCharacters: 'Control characters are not allowed.',
} as const;

/** The provider's wording for a known address; the site looks for 'already subscribed'. */
export const alreadySubscribed = (email: string, list: string) =>
  `${email} is already subscribed to list ${list}.`;

/** The provider's wording for an address that is not on the list (unsubscribe). */
export const notSubscribed = (email: string, list: string) =>
  `${email} is not subscribed to list ${list}.`;

export type ListKind = 'standard' | 'ace' | 'pharmacy';

/**
 * A list's variant, from its name's last dash-separated word: `…-pharmacy` asks for the store
 * and the age range, `…-ace` for the Ace location (phone as PHONE or MMERGE5), others for the
 * home store.
 */
export function listKind(name: string): ListKind {
  const last = name.slice(name.lastIndexOf('-') + 1);
  return last === 'pharmacy' ? 'pharmacy' : last === 'ace' ? 'ace' : 'standard';
}

/**
 * A query string's fields (the first value of a repeated name wins), or null when a name or value
 * is not valid percent-encoded UTF-8. `+` is a space, as forms send it.
 */
export function parseQuery(search: string): Record<string, string> | null {
  const fields: Record<string, string> = {};
  const text = search.startsWith('?') ? search.slice(1) : search;
  for (const part of text.split('&')) {
    if (!part) continue;
    const at = part.indexOf('=');
    const rawKey = at < 0 ? part : part.slice(0, at);
    const rawValue = at < 0 ? '' : part.slice(at + 1);
    const key = decode(rawKey);
    const value = decode(rawValue);
    if (key === null || value === null) return null;
    // defineProperty: a field named `__proto__` is a field like any other, never the prototype.
    if (!Object.hasOwn(fields, key)) {
      Object.defineProperty(fields, key, {
        value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
  }
  return fields;
}

/** One percent-encoded component, or null when it is malformed. */
export function decode(component: string): string | null {
  try {
    return decodeURIComponent(component.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

export interface Subscription {
  /** Lowercased. */
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  /** MMERGE3: the home store, Ace location or pharmacy store. */
  store: string;
  /** The pharmacy's age range; '' on other lists. */
  ageRange: string;
  /** The pharmacy's agreement group (optional checkbox). */
  agreed: boolean;
}

export type Checked = { ok: true; subscription: Subscription } | { ok: false; msg: string };

const CONTROL = /[\u0000-\u001f\u007f]/;
const PHONE = /^[0-9()+.\-\s/x]*$/i;
/** What an unchecked agreement box may send; anything else non-empty means agreed. */
const NOT_AGREED = new Set(['', '0', 'false', 'no', 'n', 'off']);
/** A select's placeholder option sent as if it were a choice. */
const PLACEHOLDERS = new Set(['select store', 'select']);

/** Checks a subscribe call's fields against the list's rules. */
export function checkSubscription(list: string, query: Record<string, string>): Checked {
  for (const [key, value] of Object.entries(query)) {
    // The address has its own bound (254) and its own message.
    if (key === 'EMAIL') continue;
    if (value.length > MAX_FIELD_LENGTH) {
      return { ok: false, msg: `${key}: must be at most ${MAX_FIELD_LENGTH} characters.` };
    }
    if (CONTROL.test(value)) return { ok: false, msg: `${key}: ${MESSAGES.controlCharacters}` };
  }
  const field = (name: string) => (query[name] ?? '').trim();
  const kind = listKind(list);

  const email = field('EMAIL');
  if (email.length > MAX_EMAIL_LENGTH || !EMAIL_PATTERN.test(email) || CONTROL.test(email)) {
    return { ok: false, msg: MESSAGES.email };
  }
  const firstName = field('FNAME');
  const lastName = field('LNAME');
  for (const [name, value] of [
    ['FNAME', firstName],
    ['LNAME', lastName],
  ]) {
    if (value.length > MAX_NAME_LENGTH) {
      return { ok: false, msg: `${name}: must be at most ${MAX_NAME_LENGTH} characters.` };
    }
  }
  // The Ace form sends its phone as MMERGE5; either name is accepted on every list.
  const phoneName = field('PHONE') ? 'PHONE' : 'MMERGE5';
  const phone = field(phoneName);
  if (phone.length > MAX_PHONE_LENGTH || !PHONE.test(phone)) {
    return { ok: false, msg: `${phoneName}: ${MESSAGES.phone}` };
  }
  let store = field('MMERGE3');
  if (PLACEHOLDERS.has(store.toLowerCase())) store = '';
  if (!store) return { ok: false, msg: `MMERGE3: ${MESSAGES.required}` };

  let ageRange = '';
  let agreed = false;
  if (kind === 'pharmacy') {
    ageRange = field('AGE');
    if (!ageRange) return { ok: false, msg: `AGE: ${MESSAGES.required}` };
    if (!AGE_RANGES.includes(ageRange)) return { ok: false, msg: `AGE: ${MESSAGES.ageRange}` };
    agreed = !NOT_AGREED.has(field('AGREE').toLowerCase());
  }
  return {
    ok: true,
    subscription: {
      email: email.toLowerCase(),
      firstName,
      lastName,
      phone,
      store,
      ageRange,
      agreed,
    },
  };
}
