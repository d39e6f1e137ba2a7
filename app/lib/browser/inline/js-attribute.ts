/**
 * The attribute that marks <html> on a page whose scripts run (js-mark.ts): the head's inline
 * script sets it, the chunk guard's inline watcher drops it when it gives up. Apart from
 * js-mark.ts, whose style helpers would otherwise be bundled into that watcher.
 */
export const JS_ATTRIBUTE = 'data-js';
