import { Suspense, type ReactNode } from 'react';

/**
 * Where a lazily loaded chart appears: until its code arrives, a quiet block of the chart's own
 * height holds the place, so nothing below moves when it is drawn.
 */
export function ChartSlot({ height, children }: { height: number; children: ReactNode }) {
  return (
    <Suspense
      fallback={<div className="animate-pulse rounded-control bg-canvas" style={{ height }} />}
    >
      {children}
    </Suspense>
  );
}
