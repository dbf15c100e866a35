import type { ReactNode } from 'react';
import { cx } from './cx';

/** A header cell of a CardTable. */
export interface CardTableColumn {
  label: ReactNode;
  /** Extra classes: alignment (`text-right`), `whitespace-nowrap`. */
  className?: string;
}

/**
 * The app's table of rows in a card (staff, billing): named for screen readers by its caption,
 * its header row in small capitals, rows divided by a line, scrolled sideways when wider than
 * the screen. Columns left out (false) are not drawn, for a column only some people see.
 */
export function CardTable({
  caption,
  columns,
  children,
}: {
  caption: string;
  columns: readonly (CardTableColumn | false)[];
  children: ReactNode;
}) {
  return (
    <div className="overflow-x-auto rounded-card border border-line bg-surface shadow-card">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-line bg-canvas text-xs font-semibold text-ink-muted uppercase">
          <tr>
            {columns.map(
              (column, index) =>
                column && (
                  <th key={index} scope="col" className={cx('px-4 py-3', column.className)}>
                    {column.label}
                  </th>
                ),
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">{children}</tbody>
      </table>
    </div>
  );
}
