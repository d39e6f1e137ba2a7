import { useNavigate, useNavigation, useRevalidator } from '@remix-run/react';
import { useEffect, useRef } from 'react';

/**
 * Spec §2: whenever the signed-in user changes, the rewards page goes to / (as the registration
 * page does, routes/register.tsx). The sign-in lives in the server's session, so another tab
 * that logs out, or in as someone else, changes it without this tab knowing: when the tab comes
 * back into view the page asks again (a revalidation; the route's shouldRevalidate lets only
 * the root loader run for it, so no loyalty call is made). The page leaves for / when the root
 * data has no shopper any more or greets someone else, or when its own data, reloaded, was made
 * for another shopper (`viewer`, rewards.server.ts).
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
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const first = useRef({ firstName, viewer });

  useEffect(() => {
    if (navigation.state !== 'idle') return;
    const was = first.current;
    if (firstName === null || firstName !== was.firstName || viewer !== was.viewer) {
      navigate('/', { replace: true });
    }
  }, [firstName, viewer, navigation.state, navigate]);

  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') revalidate.current();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);
}
