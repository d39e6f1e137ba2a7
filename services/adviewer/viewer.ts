/**
 * The viewer page the site puts in its weekly-ad frame: this week's (or next week's) flyer of a
 * page as a grid of products, a store picker, and the two messages the frame sends its parent
 * (README "Messages to the parent"). Self-contained: no external resource, inline style and
 * script allowed by a per-response nonce, every text escaped.
 */
import type { AdBlock, AdWeek } from './ads';
import type { AdPage } from './pages';

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface ViewerModel {
  /** The page in the frame's address (its picker lists this page's brand's stores). */
  framePage: AdPage;
  /** The page whose ad is shown (a chosen store, else the frame's page); null: picker only. */
  shown: AdPage | null;
  week: AdWeek;
  nextWeek: boolean;
  blocks: AdBlock[];
  /** The shopper's token from the frame address (carried across the viewer's own links). */
  token: string | null;
  /** Set when the shopper just chose this store: the page announces it to the parent. */
  changedTo: string | null;
  nonce: string;
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1f2933;background:#f7f9fa}
header{display:flex;flex-wrap:wrap;gap:8px 16px;align-items:center;justify-content:space-between;padding:12px 16px;background:#006993;color:#fff}
header h1{margin:0;font-size:1.25rem}
header p{margin:0}
header a{color:#fff}
button,select{font:inherit;padding:6px 10px;border-radius:6px;border:1px solid #9aa5b1}
button{background:#fff;color:#006993;cursor:pointer}
main{padding:16px}
form.picker{display:flex;flex-wrap:wrap;gap:8px;align-items:center;margin:0 0 16px}
ul.grid{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(180px,1fr));gap:16px}
ul.grid li{background:#fff;border-radius:8px;padding:12px;box-shadow:0 1px 3px rgba(0,0,0,.15)}
ul.grid img{display:block;width:100%;height:auto;aspect-ratio:1;border-radius:6px}
ul.grid h2{font-size:1rem;margin:8px 0 4px}
ul.grid p{margin:2px 0;font-size:.9rem}
.price{font-size:1.2rem;font-weight:700;color:#b3261e}
.healthy{color:#2e7d32}
.custom{font-style:italic}
`;

/** The messages' script: what the README documents, sent to the parent at any origin. */
const SCRIPT = `
(function () {
  var changed = document.body.getAttribute('data-store-changed');
  if (changed) window.parent.postMessage({ type: 'store-changed', page: changed }, '*');
  var signIn = document.getElementById('sign-in');
  if (signIn) {
    signIn.addEventListener('click', function () {
      window.parent.postMessage({ type: 'sign-in' }, '*');
    });
  }
})();
`;

function link(page: string, params: Record<string, string | null>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== null) query.set(key, value);
  const text = query.toString().replace(/=(&|$)/g, '$1');
  return `/${encodeURIComponent(page)}${text ? `?${text}` : ''}`;
}

function card(block: AdBlock): string {
  const parts: string[] = [];
  if (block.image) {
    const src = `/images/afs/products/${encodeURIComponent(block.image.value.toLowerCase())}.${block.image.ext}`;
    parts.push(
      `<img src="${escapeHtml(src)}" alt="${escapeHtml(block.title ?? '')}" width="300" height="300" loading="lazy">`,
    );
  }
  if (block.title) parts.push(`<h2>${escapeHtml(block.title)}</h2>`);
  if (block.description) parts.push(`<p>${escapeHtml(block.description)}</p>`);
  if (block.healthy) parts.push(`<p class="healthy">${escapeHtml(block.healthy)}</p>`);
  if (block.custom) parts.push(`<p class="custom">${escapeHtml(block.custom)}</p>`);
  if (block.price) {
    const unit = block.unit ? ` <span class="unit">/ ${escapeHtml(block.unit)}</span>` : '';
    parts.push(`<p class="price">${escapeHtml(block.price)}${unit}</p>`);
  }
  return `<li>${parts.join('')}</li>`;
}

function picker(model: ViewerModel, prompt: boolean): string {
  const { framePage, shown, token } = model;
  const options = framePage.stores
    .map((store) => {
      const selected = shown?.page === store.page ? ' selected' : '';
      return `<option value="${escapeHtml(store.page)}"${selected}>${escapeHtml(store.name)}</option>`;
    })
    .join('');
  const tokenField = token ? `<input type="hidden" name="token" value="${escapeHtml(token)}">` : '';
  return `<form class="picker" method="get" action="${escapeHtml(link(framePage.page, {}))}">
<label for="store">${prompt ? 'Choose your store' : 'Store'}</label>
<select id="store" name="store" required>${options}</select>${tokenField}
<button type="submit">${prompt ? 'Show this store’s ad' : 'Change store'}</button>
</form>`;
}

export function renderViewer(model: ViewerModel): string {
  const { framePage, shown, week, token, nonce } = model;
  const heading = shown
    ? `${escapeHtml(shown.title)} Weekly Ad`
    : `${escapeHtml(framePage.retailerName)} Weekly Ad`;
  const signIn = token ? '' : '<button type="button" id="sign-in">Sign in</button>';
  const body = shown
    ? `${picker(model, false)}
<p><a href="${escapeHtml(
        link(framePage.page, {
          store: shown.page === framePage.page ? null : shown.page,
          token,
          week: model.nextWeek ? null : 'next',
        }),
      )}">${model.nextWeek ? 'This week’s ad' : 'Next week’s ad'}</a></p>
<ul class="grid">${model.blocks.map(card).join('')}</ul>`
    : `<p>Choose a store to see its weekly ad.</p>${picker(model, true)}`;
  const changed = model.changedTo ? ` data-store-changed="${escapeHtml(model.changedTo)}"` : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${heading}</title>
<style nonce="${nonce}">${STYLE}</style>
</head><body${changed}>
<header><div><h1>${heading}</h1>${shown ? `<p>${escapeHtml(week.info)}</p>` : ''}</div>${signIn}</header>
<main>${body}</main>
<script nonce="${nonce}">${SCRIPT}</script>
</body></html>`;
}
