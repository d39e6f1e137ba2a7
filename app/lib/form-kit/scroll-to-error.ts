import { useEffect } from 'react';
import { BANNER_HEIGHT_VAR } from '~/lib/ui/banner-height';

/**
 * A failing form scrolls to its first invalid field: on a page, offset by the site banner's and the
 * app bar's heights so the field is not hidden under them; in a dialog, inside the dialog's own
 * scroll box. The banner publishes its height as a CSS variable
 * on <html>; the app bar is measured.
 */
export const APP_BAR_SELECTOR = '[data-testid="app-bar"]';
/** Breathing room above the field's label. */
const GAP_PX = 8;
/** Conform's validation requests (blur, input) are submits through a button of this name. */
const CONFORM_INTENT = '__intent__';

/** A CSS length in px ('72px', '72'); 0 when unset or not a number. */
export function cssPx(value: string | null | undefined): number {
  const n = Number.parseFloat(value ?? '');
  return Number.isFinite(n) ? n : 0;
}

interface Focusable {
  getAttribute(name: string): string | null;
  closest(selector: string): Element | null;
  focus(options?: FocusOptions): void;
  getBoundingClientRect(): DOMRect;
}

function isFocusable(node: unknown): node is Focusable {
  return (
    typeof node === 'object' &&
    node !== null &&
    typeof (node as Focusable).getAttribute === 'function' &&
    typeof (node as Focusable).focus === 'function'
  );
}

/**
 * What to show after a failed submit: the first control of the form marked aria-invalid (scrolled
 * to with its whole field: label, input, errors), else the form's alert (form-level errors).
 */
export function firstErrorTarget(form: {
  elements: ArrayLike<unknown>;
  querySelector(selector: string): Element | null;
}): { focus: Focusable; scroll: Focusable } | null {
  for (const element of Array.from(form.elements)) {
    if (isFocusable(element) && element.getAttribute('aria-invalid') === 'true') {
      const wrapper = element.closest('[data-form-field]');
      return { focus: element, scroll: isFocusable(wrapper) ? wrapper : element };
    }
  }
  const alert = form.querySelector('[data-form-alert]');
  return isFocusable(alert) ? { focus: alert, scroll: alert } : null;
}

/** Height covered at the top of the window: the banner (CSS variable) plus the app bar. */
export function errorScrollOffset(doc: Document, barSelector = APP_BAR_SELECTOR): number {
  const view = doc.defaultView;
  const banner = view
    ? cssPx(view.getComputedStyle(doc.documentElement).getPropertyValue(BANNER_HEIGHT_VAR))
    : 0;
  const bar = doc.querySelector(barSelector)?.getBoundingClientRect().height ?? 0;
  return banner + bar;
}

/** Whether an element with this computed overflow scrolls its content. */
const SCROLLS = /(auto|scroll|overlay)/;

/**
 * The nearest ancestor of `element` that scrolls what it holds (a dialog's body, or the dialog's
 * positioner when the whole dialog scrolls), else null: the page itself scrolls. Inside a modal
 * dialog the page is locked, so scrolling the window would move nothing the shopper sees.
 */
export function scrollContainerOf(element: Element): HTMLElement | null {
  const doc = element.ownerDocument;
  const view = doc.defaultView;
  if (!view) return null;
  for (let node = element.parentElement; node; node = node.parentElement) {
    if (node === doc.body || node === doc.documentElement) return null;
    if (
      node.scrollHeight > node.clientHeight &&
      SCROLLS.test(view.getComputedStyle(node).overflowY)
    )
      return node;
  }
  return null;
}

/**
 * How far `container` scrolls so that a box (`top`, `bottom` in the window's coordinates) shows
 * whole inside it, `gap` below its top edge when it must move; 0 when it already shows whole.
 */
export function scrollDeltaWithin(
  box: { top: number; bottom: number },
  container: { top: number; bottom: number },
  gap = GAP_PX,
): number {
  if (box.top >= container.top && box.bottom <= container.bottom) return 0;
  return box.top - container.top - gap;
}

/**
 * Focuses the first error of `form` and scrolls it into view: inside the scroll box that holds
 * the form (a dialog), else the page, below the banner and bar.
 */
export function scrollToFirstError(form: HTMLFormElement, barSelector = APP_BAR_SELECTOR): boolean {
  const target = firstErrorTarget(form);
  const view = form.ownerDocument.defaultView;
  if (!target || !view) return false;
  const reduceMotion = view.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  const behavior = reduceMotion ? 'auto' : 'smooth';
  const box = target.scroll.getBoundingClientRect();
  const container = scrollContainerOf(form);
  if (container) {
    const delta = scrollDeltaWithin(box, container.getBoundingClientRect());
    if (delta !== 0)
      container.scrollTo({ top: Math.max(0, container.scrollTop + delta), behavior });
  } else {
    const top =
      box.top + view.scrollY - errorScrollOffset(form.ownerDocument, barSelector) - GAP_PX;
    view.scrollTo({ top: Math.max(0, top), behavior });
  }
  target.focus.focus({ preventScroll: true });
  return true;
}

/**
 * After a failed submit of `form` (browser validation, or a server reply with errors in
 * `lastResult`), focuses the first invalid field and scrolls to it, offset by the banner height
 * (--site-banner-height) and the app bar. Without JavaScript nothing runs: the server's reply
 * renders the errors in place.
 */
export function useScrollToFirstError(
  form: { id: string },
  lastResult?: { status?: string } | null,
  { barSelector = APP_BAR_SELECTOR }: { barSelector?: string } = {},
): void {
  const formId = form.id;

  useEffect(() => {
    let frame = 0;
    const onSubmit = (event: Event) => {
      const target = event.target;
      if (!(target instanceof HTMLFormElement) || target.id !== formId) return;
      const submitter = (event as SubmitEvent).submitter;
      if (submitter?.getAttribute('name') === CONFORM_INTENT) return;
      // Conform has validated and re-rendered the errors by the next frame; a valid form has no
      // invalid field and is left alone.
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => scrollToFirstError(target, barSelector));
    };
    document.addEventListener('submit', onSubmit);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener('submit', onSubmit);
    };
  }, [formId, barSelector]);

  useEffect(() => {
    if (lastResult?.status !== 'error') return;
    const element = document.getElementById(formId);
    if (!(element instanceof HTMLFormElement)) return;
    const frame = requestAnimationFrame(() => scrollToFirstError(element, barSelector));
    return () => cancelAnimationFrame(frame);
  }, [lastResult, formId, barSelector]);
}
