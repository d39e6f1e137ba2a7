import { useEffect, useRef, type RefObject } from 'react';
import { acceptAdViewerMessage, type AdViewerMessage } from './ad-messages';

/**
 * Listens to `message` events while the page shows the frame and hands on only those the ad
 * viewer's frame sent (origin from the loader, source the frame's window, a known shape: see
 * acceptAdViewerMessage). The handler may change on every render; the listener stays the same.
 */
export function useAdViewerMessages(
  frame: RefObject<HTMLIFrameElement>,
  viewerOrigin: string | null,
  onMessage: (message: AdViewerMessage) => void,
) {
  const handler = useRef(onMessage);
  handler.current = onMessage;
  useEffect(() => {
    if (!viewerOrigin) return;
    const listener = (event: MessageEvent) => {
      const message = acceptAdViewerMessage(
        event,
        viewerOrigin,
        frame.current?.contentWindow ?? null,
      );
      if (message) handler.current(message);
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, [frame, viewerOrigin]);
}
