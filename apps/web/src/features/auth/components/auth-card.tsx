import type { ReactNode } from 'react';

export interface AuthCardProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** Links under the card (e.g. "Forgot password?"). */
  footer?: ReactNode;
}

/** The card every public auth screen sits in: one h1, a short line of help, the form. */
export function AuthCard({ title, description, children, footer }: AuthCardProps) {
  return (
    <div className="flex flex-col gap-4">
      <section className="rounded-card border border-line bg-surface p-6 shadow-card sm:p-8">
        <h1 className="text-2xl font-semibold text-ink">{title}</h1>
        {description && <p className="mt-1 text-sm text-ink-muted">{description}</p>}
        <div className="mt-6">{children}</div>
      </section>
      {footer && (
        <div className="flex flex-col items-center gap-2 text-sm text-ink-muted">{footer}</div>
      )}
    </div>
  );
}
