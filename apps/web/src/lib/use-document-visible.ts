import { useSyncExternalStore } from 'react';

/** The tab is shown (not a background tab, a minimised window or a locked phone). */
export function isDocumentVisible(): boolean {
  return typeof document === 'undefined' || document.visibilityState === 'visible';
}

/** Calls `onChange` whenever the tab is shown or hidden; returns the unsubscribe. */
export function onVisibilityChange(onChange: () => void): () => void {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

/** `isDocumentVisible()` that re-renders when the tab is shown or hidden. */
export function useDocumentVisible(): boolean {
  return useSyncExternalStore(onVisibilityChange, isDocumentVisible, () => true);
}
