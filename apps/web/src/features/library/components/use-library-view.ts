import { useState } from 'react';
import type { LibraryView } from './video-results';

const VIEW_STORAGE_KEY = 'homestretch.exercise-library.view';

/** Grid or list is a habit of the clinician, not part of a search: kept on this device. */
export function useLibraryView(): [LibraryView, (view: LibraryView) => void] {
  const [view, setView] = useState<LibraryView>(() =>
    window.localStorage.getItem(VIEW_STORAGE_KEY) === 'list' ? 'list' : 'grid',
  );
  const choose = (next: LibraryView) => {
    window.localStorage.setItem(VIEW_STORAGE_KEY, next);
    setView(next);
  };
  return [view, choose];
}
