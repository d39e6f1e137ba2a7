/**
 * Markdown content files: front matter (gray-matter), body rendered with `marked` and
 * sanitised with `sanitize-html`, plus the plain text of the body for search and snippets.
 * See docs/content.md.
 */
import matter from 'gray-matter';
import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

export interface ParsedMarkdown {
  /** Front matter; always a plain object. */
  data: Record<string, unknown>;
  /** Markdown body without the front matter. */
  body: string;
}

export interface RenderedMarkdown {
  /** Sanitised HTML. */
  html: string;
  /** Plain text of the HTML (no tags, entities decoded, whitespace collapsed). */
  text: string;
  /** `src` of every image kept in the HTML (all start with '/'). */
  images: string[];
  /** `src` of images removed because they do not start with '/'. */
  droppedImages: string[];
}

// Only YAML (and JSON) front matter: gray-matter would otherwise `eval` a `---js` block.
const refuse = () => {
  throw new Error('only YAML front matter is supported');
};
const MATTER_OPTIONS = { engines: { javascript: refuse, coffee: refuse } };

/**
 * Splits a Markdown file into front matter and body. Throws when the front matter is not
 * valid YAML or not a mapping; the content service turns that into a problem.
 */
export function parseMarkdown(source: string): ParsedMarkdown {
  // Passing options also turns off gray-matter's global cache (keyed by the whole file text,
  // it would grow for ever under a file watcher).
  const file = matter(source, MATTER_OPTIONS);
  const data: unknown = file.data ?? {};
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new Error('front matter must be a list of "key: value" lines');
  }
  return { data: data as Record<string, unknown>, body: file.content };
}

// A private instance so nobody else's marked.use() changes our output.
const markdown = new Marked({ gfm: true, breaks: false, async: false });

/** Removes the spaces and control characters browsers ignore inside a URL ('/\t/x' is '//x'). */
export function compactUrl(value: string): string {
  let out = '';
  for (const ch of value) if (ch.charCodeAt(0) > 0x20) out += ch;
  return out;
}

/** True for a same-site absolute path: '/x' but not '//host' or '/\\host'. */
export function isLocalPath(value: unknown): boolean {
  return typeof value === 'string' && /^\/(?![/\\])/.test(compactUrl(value));
}

const ABSOLUTE_HTTP = /^\s*https?:/i;

function sanitizeOptions(images: string[], dropped: string[]): sanitizeHtml.IOptions {
  return {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'del', 'ins', 'details', 'summary'],
    // No `style`, no `on*`: anything not listed here is removed.
    allowedAttributes: {
      a: ['href', 'title', 'rel', { name: 'target', multiple: false, values: ['_blank', '_self'] }],
      img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
      th: ['align', 'colspan', 'rowspan', 'scope'],
      td: ['align', 'colspan', 'rowspan'],
      ol: ['start', 'reversed', 'type'],
      abbr: ['title'],
      time: ['datetime'],
    },
    // Fenced code blocks keep their language class and nothing else.
    allowedClasses: { code: [/^language-[\w-]+$/] },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: { img: [] },
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    transformTags: {
      // Links that open a new window or leave the site must not hand over window.opener
      // or the referring address.
      a: (tagName, attribs) => {
        const out = { ...attribs };
        if (out.target || ABSOLUTE_HTTP.test(out.href ?? '')) {
          const rel = new Set((out.rel ?? '').split(/\s+/).filter(Boolean));
          rel.add('noopener');
          rel.add('noreferrer');
          out.rel = [...rel].join(' ');
        }
        return { tagName, attribs: out };
      },
      // Note the original address of an image about to be dropped (the sanitiser may have
      // emptied it by the time exclusiveFilter runs) so the author can be told.
      img: (tagName, attribs) => {
        if (!isLocalPath(attribs.src)) dropped.push(attribs.src ?? '');
        return { tagName, attribs };
      },
    },
    // Images are served from this site only (docs/content.md): drop the others entirely.
    exclusiveFilter: (frame) => {
      if (frame.tag !== 'img') return false;
      const src = frame.attribs.src;
      if (src && isLocalPath(src)) {
        images.push(src.trim());
        return false;
      }
      return true;
    },
  };
}

/** Sanitises HTML with the content rules (see sanitizeOptions). */
export function sanitizeContentHtml(html: string): {
  html: string;
  images: string[];
  droppedImages: string[];
} {
  const images: string[] = [];
  const droppedImages: string[] = [];
  const clean = sanitizeHtml(html, sanitizeOptions(images, droppedImages));
  return { html: clean, images, droppedImages };
}

/** Renders a Markdown body to sanitised HTML and its plain text. */
export function renderMarkdown(body: string): RenderedMarkdown {
  const raw = markdown.parse(body, { async: false }) as string;
  const { html, images, droppedImages } = sanitizeContentHtml(raw);
  return { html: html.trim(), text: htmlToText(html), images, droppedImages };
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  copy: '©',
  reg: '®',
  trade: '™',
};

/** Decodes the entities that can appear in sanitised output (sanitize-html re-encodes only these few). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X'
          ? parseInt(name.slice(2), 16)
          : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff
        ? String.fromCodePoint(code)
        : whole;
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

// Block-level tags separate words; inline tags (<strong>, <a>) do not.
const BLOCK_TAG =
  /<\/?(?:p|div|br|hr|h[1-6]|li|ul|ol|dl|dt|dd|tr|td|th|table|thead|tbody|tfoot|caption|blockquote|pre|figure|figcaption|section|article|aside|header|footer|nav|main|details|summary|img)\b[^>]*>/gi;

/** Plain text of an HTML fragment: tags removed, entities decoded, whitespace collapsed. */
export function htmlToText(html: string): string {
  const withoutTags = html
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(BLOCK_TAG, ' ')
    .replace(/<[^>]*>/g, '');
  return decodeEntities(withoutTags).replace(/\s+/g, ' ').trim();
}

/** Escapes text for use in HTML content or a quoted attribute. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export type PlaceholderValues = Record<string, string | number | boolean | null | undefined>;

/**
 * Fills `{{name}}` placeholders (spaces inside the braces allowed). Values are HTML-escaped
 * unless `escape` is false (e.g. for a plain-text subject line); unknown names become ''.
 */
export function fillPlaceholders(
  template: string,
  values: PlaceholderValues,
  options: { escape?: boolean } = {},
): string {
  const escape = options.escape ?? true;
  return template.replace(/\{\{\s*([\w.-]+)\s*\}\}/g, (_, name: string) => {
    const value = Object.prototype.hasOwnProperty.call(values, name) ? values[name] : undefined;
    const text = value === null || value === undefined ? '' : String(value);
    return escape ? escapeHtml(text) : text;
  });
}

/**
 * Renders an e-mail template: subject filled as plain text, body filled with escaped values,
 * then rendered and sanitised like any other content.
 */
export function renderEmailTemplate(
  template: { subject: string; body: string },
  values: PlaceholderValues,
): { subject: string; html: string; text: string } {
  // A subject is a mail header: no line breaks may be smuggled in through a value.
  const subject = fillPlaceholders(template.subject, values, { escape: false }).replace(
    /[\r\n]+/g,
    ' ',
  );
  const { html, text } = renderMarkdown(fillPlaceholders(template.body, values));
  return { subject, html, text };
}
