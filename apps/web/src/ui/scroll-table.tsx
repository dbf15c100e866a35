import { MoveHorizontal } from 'lucide-react';
import { type ReactNode, type RefObject, useEffect, useId, useRef, useState } from 'react';

/** Whether the element's content is wider than the element, kept up to date as either resizes. */
function useOverflowing(ref: RefObject<HTMLElement | null>): boolean {
  const [overflowing, setOverflowing] = useState(false);
  useEffect(() => {
    const element = ref.current;
    // jsdom has no ResizeObserver; there is no layout to measure there anyway.
    if (!element || typeof ResizeObserver === 'undefined') {
      return;
    }
    const observer = new ResizeObserver(() =>
      setOverflowing(element.scrollWidth > element.clientWidth),
    );
    observer.observe(element);
    // The table can widen (its rows arrive) while the container keeps its width.
    for (const child of element.children) {
      observer.observe(child);
    }
    return () => observer.disconnect();
  }, [ref]);
  return overflowing;
}

/**
 * A table that may be wider than a phone. It scrolls sideways, and is focusable and named so
 * keyboard users can scroll it too (WCAG 2.1.1; axe scrollable-region-focusable). A table that
 * overflows says so: its edges shade where columns are hidden, and a hint above it (also its
 * description) tells the reader to scroll, since a column cut at the screen's edge otherwise
 * passes for the whole figure (a report once read "4,12" for 4,120 steps).
 */
export function ScrollTable({ label, children }: { label: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const overflowing = useOverflowing(ref);
  const hintId = useId();
  return (
    <div className="flex flex-col gap-1">
      {overflowing && (
        <p id={hintId} className="flex items-center gap-1 text-xs text-ink-subtle print:hidden">
          <MoveHorizontal aria-hidden="true" className="size-3.5" />
          Scroll sideways to see every column
        </p>
      )}
      <div
        ref={ref}
        role="region"
        aria-label={label}
        aria-describedby={overflowing ? hintId : undefined}
        tabIndex={0}
        className="scroll-shadows overflow-x-auto"
      >
        {children}
      </div>
    </div>
  );
}
