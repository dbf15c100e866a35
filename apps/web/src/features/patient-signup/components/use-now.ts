import { useEffect, useState } from 'react';

/**
 * The current time, re-read every second until `until` has passed and not at all after, so an
 * idle page does not re-render. Reads Date.now, so tests drive it with fake timers.
 */
export function useNow(until: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    // The first read is immediate: `until` just moved (a new code), and `now` is from before.
    let timer = setTimeout(function tick() {
      const current = Date.now();
      setNow(current);
      if (current < until) {
        timer = setTimeout(tick, 1000);
      }
    }, 0);
    return () => clearTimeout(timer);
  }, [until]);
  return now;
}
