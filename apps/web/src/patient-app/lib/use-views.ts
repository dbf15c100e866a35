import { useCallback, useEffect, useState } from 'react';

/*
 * The app's screens live in the browser's history (the URL stays /app), so the phone's back
 * button and gesture step back through them as through pages.
 */

export type View =
  | { name: 'program' }
  | { name: 'exercise'; id: number }
  | { name: 'pain' }
  | { name: 'ask' }
  | { name: 'chat' };

const PROGRAM: View = { name: 'program' };

interface Entry {
  appView: View;
  /** Screens pushed since the program. */
  depth: number;
}

function entryOf(state: unknown): Entry | null {
  const entry = state as Partial<Entry> | null;
  return entry && typeof entry.depth === 'number' && entry.appView ? (entry as Entry) : null;
}

export function useViews(): { view: View; go: (next: View) => void; home: () => void } {
  const [entry, setEntry] = useState<Entry>(
    () => entryOf(window.history.state) ?? { appView: PROGRAM, depth: 0 },
  );

  useEffect(() => {
    const onPop = (event: PopStateEvent) => {
      setEntry(entryOf(event.state) ?? { appView: PROGRAM, depth: 0 });
      window.scrollTo(0, 0);
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  const go = useCallback(
    (next: View) => {
      const pushed = { appView: next, depth: entry.depth + 1 };
      window.history.pushState(pushed, '');
      setEntry(pushed);
      window.scrollTo(0, 0);
    },
    [entry.depth],
  );

  const home = useCallback(() => {
    if (entry.depth > 0) {
      window.history.go(-entry.depth);
    } else {
      setEntry({ appView: PROGRAM, depth: 0 });
    }
  }, [entry.depth]);

  return { view: entry.appView, go, home };
}
