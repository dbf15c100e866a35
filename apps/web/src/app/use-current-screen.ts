import { createContext, useContext } from 'react';
import type { ScreenName } from '../config/paths';

/** The screen the current location shows (set by `AppRoutes` from the routes' `handle.screen`). */
export const CurrentScreenContext = createContext<ScreenName | null>(null);

export function useCurrentScreen(): ScreenName | null {
  return useContext(CurrentScreenContext);
}
