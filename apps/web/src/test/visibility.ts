/** Shows or hides the tab as a browser does: the state, then the event (it bubbles to window). */
export function setTabVisibility(state: DocumentVisibilityState): void {
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: state });
  document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
}
