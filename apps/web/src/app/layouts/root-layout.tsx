import { useEffect } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { APP_NAME, documentTitle } from '../../config/paths';
import { trackPageView } from '../../lib/analytics';
import { useCurrentScreen } from '../use-current-screen';

/**
 * Wraps every route: the page title per screen, one page view per route change (spec §2;
 * analytics is a no-op in this build), and a new page starting at its top. Back and forward
 * leave the scroll to the browser, which restores it.
 */
export function RootLayout() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const screen = useCurrentScreen();

  useEffect(() => {
    if (navigationType !== 'POP') {
      window.scrollTo(0, 0);
    }
  }, [location.pathname, navigationType]);

  useEffect(() => {
    document.title = screen ? documentTitle(screen) : APP_NAME;
  }, [screen]);

  useEffect(() => {
    trackPageView({ path: `${location.pathname}${location.search}`, screen });
  }, [location.pathname, location.search, screen]);

  return <Outlet />;
}
