import { Check, Eye, Plus } from 'lucide-react';
import { Button } from '../../../ui/button';

/** Where a video stands in the exercise picker: in the program already, chosen, or free. */
export type ChoiceState = 'present' | 'chosen' | 'free';

export function ChooseButton({
  title,
  state,
  onChoose,
}: {
  title: string;
  state: ChoiceState;
  onChoose: () => void;
}) {
  if (state === 'present') {
    return <span className="text-xs font-medium text-ink-muted">In the program</span>;
  }
  if (state === 'chosen') {
    return (
      <span className="inline-flex items-center gap-1 text-sm font-medium text-success-700">
        <Check aria-hidden="true" className="size-4" />
        Chosen
      </span>
    );
  }
  return (
    <Button variant="secondary" size="sm" aria-label={`Choose ${title}`} onClick={onChoose}>
      <Plus aria-hidden="true" className="size-4" />
      Choose
    </Button>
  );
}

export function PreviewButton({ title, onPreview }: { title: string; onPreview: () => void }) {
  return (
    <button
      type="button"
      aria-label={`Play ${title}`}
      onClick={onPreview}
      className="inline-flex size-10 shrink-0 items-center justify-center rounded-control text-ink-muted hover:bg-canvas hover:text-ink"
    >
      <Eye aria-hidden="true" className="size-5" />
    </button>
  );
}
