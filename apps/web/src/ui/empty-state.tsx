import type { LucideIcon } from 'lucide-react';
import { Inbox } from 'lucide-react';
import type { ReactNode } from 'react';

export interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  /** A lucide icon component; decorative only. */
  icon?: LucideIcon;
  /** Usually a Button that lets the user create the first item. */
  action?: ReactNode;
}

export function EmptyState({ title, description, icon: Icon = Inbox, action }: EmptyStateProps) {
  return (
    <div className="flex flex-col items-center gap-2 px-4 py-10 text-center">
      <Icon aria-hidden="true" className="size-10 text-ink-subtle" />
      <h2 className="text-base font-semibold text-ink">{title}</h2>
      {description && <p className="max-w-prose text-sm text-ink-muted">{description}</p>}
      {action && <div className="mt-2">{action}</div>}
    </div>
  );
}
