import { Construction } from 'lucide-react';
import { Card } from '../../../../ui/card';

/**
 * A dashboard panel that a later issue builds. It says so plainly and shows no sample data:
 * a clinician must never mistake a placeholder for the patient's program or monitoring time.
 */
export function LaterReleasePanel({ title, description }: { title: string; description: string }) {
  return (
    <Card title={title} data-placeholder="later-release">
      <div className="flex items-start gap-3 rounded-control border border-dashed border-line-strong p-4">
        <Construction aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-ink-subtle" />
        <div>
          <p className="text-sm font-medium text-ink">This panel arrives in a later release.</p>
          <p className="text-sm text-ink-muted">{description}</p>
        </div>
      </div>
    </Card>
  );
}
