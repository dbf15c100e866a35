import { useMatches } from 'react-router';
import { isRouteHandle, type ScreenName } from '../config/paths';

/** The screen name of the deepest matched route that declares one (route `handle.screen`). */
export function useCurrentScreen(): ScreenName | null {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle;
    if (isRouteHandle(handle)) {
      return handle.screen;
    }
  }
  return null;
}
