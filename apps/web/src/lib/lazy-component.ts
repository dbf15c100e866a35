import { lazy, type ComponentType } from 'react';

/**
 * A component whose code is its own chunk, fetched once however often it is asked for: `loadOnce`
 * starts the fetch early (a route as the page starts, a panel beside its data), and `Component`
 * renders from the same fetch.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loading: Promise<ComponentType<P>> | undefined;
  const loadOnce = () => (loading ??= load());
  return { Component: lazy(async () => ({ default: await loadOnce() })), loadOnce };
}
