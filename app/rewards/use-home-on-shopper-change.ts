import { useNavigation } from '@remix-run/react';
import { useEffect, useRef } from 'react';

/** Who is signed in now, as the rewards page names them (routes/rewards.viewer.ts). */
export const VIEWER_PATH = '/rewards/viewer';

/**
 * Whenever the signed-in user changes, the rewards page goes to /. The sign-in lives in
 * the server's session, so another tab that logs out, or in as someone else, changes it without
 * this tab knowing: when the tab comes back into view the page asks who is signed in now (a
 * small private answer, no loyalty call) and goes home when it is not the shopper the page was
 * made for (`viewer`, rewards.server.ts). It also goes home when this tab's own data (the root
 * data's first name, the page's viewer) changes to another shopper after a form post.
 *
 * Home is a full page load: the shell, greeting included, is then the new shopper's (the root
 * data is not reloaded by a client navigation), and nothing of the old one stays in memory.
 */
export function useHomeOnShopperChange({
  viewer,
  firstName,
}: {
  viewer: string;
  /** The root data's signed-in first name; null once signed out. */
  firstName: string | null;
}) {
  const navigation = useNavigation();
  const first = useRef({ firstName, viewer });
  const current = useRef(viewer);
  current.current = viewer;

  useEffect(() => {
    if (navigation.state !== 'idle') return;
    const was = first.current;
    if (firstName === null || firstName !== was.firstName || viewer !== was.viewer) {
      window.location.replace('/');
    }
  }, [firstName, viewer, navigation.state]);

  useEffect(() => {
    let pending: AbortController | null = null;
    const check = async () => {
      if (document.visibilityState !== 'visible') return;
      pending?.abort();
      const controller = new AbortController();
      pending = controller;
      try {
        const res = await fetch(VIEWER_PATH, {
          headers: { accept: 'application/json' },
          cache: 'no-store',
          signal: controller.signal,
        });
        if (!res.ok) return;
        const body = (await res.json()) as { viewer?: unknown };
        if (body.viewer !== current.current) window.location.replace('/');
      } catch {
        // Offline, or a newer check took over: the next return to the tab asks again.
      }
    };
    document.addEventListener('visibilitychange', check);
    return () => {
      document.removeEventListener('visibilitychange', check);
      pending?.abort();
    };
  }, []);
}
