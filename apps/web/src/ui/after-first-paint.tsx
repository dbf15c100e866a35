import { startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * Renders `children` just after the screen's first paint, in a transition: React renders them
 * in slices of a few milliseconds, giving the main thread back in between, so a long screen's
 * lower panels neither hold up what is at the top nor make one long task that blocks input
 * (issue 29: the patient dashboard's total blocking time). Everything still renders at once
 * with the screen, scrolled to or not; `fallback` holds the place meanwhile.
 */
export function AfterFirstPaint({
  children,
  fallback = null,
}: {
  children: ReactNode;
  fallback?: ReactNode;
}) {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    startTransition(() => setPainted(true));
  }, []);
  return painted ? children : fallback;
}
