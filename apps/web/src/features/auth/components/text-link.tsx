import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** An in-app link styled as text (auth card footers and messages). */
export function TextLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="font-medium text-brand-700 underline-offset-2 hover:underline">
      {children}
    </Link>
  );
}
