import type { ReactNode } from 'react';

/**
 * A table that may be wider than a phone. It scrolls sideways, and is focusable and named so
 * keyboard users can scroll it too (WCAG 2.1.1; axe scrollable-region-focusable).
 */
export function ScrollTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className="overflow-x-auto">
      {children}
    </div>
  );
}
