import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { APP_NAME, documentTitle } from '../../config/paths';
import { trackPageView } from '../../lib/analytics';
import { useCurrentScreen } from '../use-current-screen';

/**
 * Wraps every route: the page title per screen, and one page view per route change
 * (spec §2; analytics is a no-op in this build).
 */
export function RootLayout() {
  const location = useLocation();
  const screen = useCurrentScreen();

  useEffect(() => {
    document.title = screen ? documentTitle(screen) : APP_NAME;
  }, [screen]);

  useEffect(() => {
    trackPageView({ path: `${location.pathname}${location.search}`, screen });
  }, [location.pathname, location.search, screen]);

  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
