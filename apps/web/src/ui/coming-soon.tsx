import { Construction } from 'lucide-react';
import { useId } from 'react';

export interface ComingSoonProps {
  /** The screen's name as users know it, e.g. "Balances dashboard". */
  screen: string;
  /** One or two sentences on what the screen will do. */
  description?: string;
}

export const COMING_SOON_MESSAGE = 'This screen arrives in a later release';

/**
 * Placeholder for a route that exists (spec §2) but is not built yet. Deliberately shows no
 * sample numbers or names: clinicians must never mistake placeholder data for real patients.
 */
export function ComingSoon({ screen, description }: ComingSoonProps) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="mx-auto my-10 flex max-w-lg flex-col items-center gap-3 rounded-card border border-line bg-surface p-8 text-center shadow-card"
    >
      <Construction aria-hidden="true" className="size-10 text-brand-600" />
      <h1 id={titleId} className="text-xl font-semibold text-ink">
        {screen}
      </h1>
      <p className="font-medium text-ink-muted">{COMING_SOON_MESSAGE}.</p>
      {description && <p className="text-sm text-ink-subtle">{description}</p>}
    </section>
  );
}
