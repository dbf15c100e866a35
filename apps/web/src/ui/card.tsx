import { useId, type HTMLAttributes, type ReactNode } from 'react';
import { cx } from './cx';

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  /** Optional heading; when given, the card becomes a labelled region. */
  title?: ReactNode;
  /** Controls to the right of the title (e.g. a "View all" link). */
  actions?: ReactNode;
}

export function Card({ title, actions, className, children, ...rest }: CardProps) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={title ? titleId : undefined}
      className={cx('rounded-card border border-line bg-surface p-4 shadow-card', className)}
      {...rest}
    >
      {(title || actions) && (
        <header className="mb-3 flex items-center justify-between gap-2">
          {title && (
            <h2 id={titleId} className="text-base font-semibold text-ink">
              {title}
            </h2>
          )}
          {actions}
        </header>
      )}
      {children}
    </section>
  );
}
