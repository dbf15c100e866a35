import { Suspense, useRef, type ReactNode } from 'react';
import { useNearViewport } from '../lib/use-near-viewport';

/**
 * Where a lazily loaded chart appears. A quiet block of the chart's own height holds the place
 * until the chart is near the viewport and its code has arrived, so nothing below moves when it
 * is drawn and a screen of fifteen charts draws only those in view.
 */
export function ChartSlot({ height, children }: { height: number; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref);
  const placeholder = (
    <div className="animate-pulse rounded-control bg-canvas" style={{ height }} />
  );
  return (
    <div ref={ref}>
      {near ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder}
    </div>
  );
}
