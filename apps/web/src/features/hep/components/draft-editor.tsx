import type { HepItem } from '@homestretch/contract/hep/hep-item';
import { Plus, Undo2 } from 'lucide-react';
import { Button } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';
import {
  addToDraft,
  changeDraftEntry,
  draftFromItems,
  entryChange,
  itemsLeftOut,
  removeFromDraft,
  reorderDraft,
  type DraftEntry,
} from './approval-draft';
import { entryDifferences } from './entry-differences';
import { dosage, ProgramRow } from './program-row';
import { ReorderableList } from './reorderable-list';

export interface DraftEditorProps {
  draft: readonly DraftEntry[];
  onChange: (draft: DraftEntry[]) => void;
  /** The patient's program now: each entry is marked against it, and what it leaves out listed. */
  current: readonly HepItem[];
  /** Opens the exercise picker; no "Add exercises" without it. */
  onAddExercises?: () => void;
  label: string;
}

/**
 * A whole program edited locally before it is sent: the remote PT's proposal (spec §4) and the
 * supervisor's corrections. Add, remove, reorder and change sets, reps, holds and notes; every entry
 * says whether it adds to or changes the program now, and what the draft leaves out can be put
 * back.
 */
export function DraftEditor({ draft, onChange, current, onAddExercises, label }: DraftEditorProps) {
  const leftOut = itemsLeftOut(draft, current);
  const byVideo = new Map(draft.map((entry) => [entry.video_id, entry]));
  const currentByVideo = new Map(current.map((item) => [item.video_id, item]));
  return (
    <div className="flex flex-col gap-3">
      {draft.length === 0 ? (
        <EmptyState
          title="No exercises in this draft"
          description="Add exercises, or put back what you took out."
        />
      ) : (
        <ReorderableList
          ids={draft.map((entry) => entry.video_id)}
          label={label}
          titleOf={(videoId) => byVideo.get(videoId)?.video.title ?? ''}
          onReorder={(videoIds) => onChange(reorderDraft(draft, videoIds))}
          renderItem={(videoId, index, controls) => {
            const entry = byVideo.get(videoId) as DraftEntry;
            return (
              <ProgramRow
                video={entry.video}
                sets={entry.sets}
                reps={entry.reps}
                holdSeconds={entry.hold_seconds}
                description={entry.description}
                place={index + 1}
                mark={entryChange(entry, index + 1, current)}
                changes={entryDifferences(entry, index + 1, currentByVideo.get(videoId))}
                controls={controls}
                onSave={(change) => onChange(changeDraftEntry(draft, videoId, change))}
                onRemove={() => onChange(removeFromDraft(draft, videoId))}
              />
            );
          }}
        />
      )}
      {onAddExercises && (
        <div>
          <Button variant="secondary" onClick={onAddExercises}>
            <Plus aria-hidden="true" className="size-4" />
            Add exercises
          </Button>
        </div>
      )}
      {leftOut.length > 0 && (
        <section aria-label="Left out of the program" className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold text-ink">
            Left out: taken off the program when approved
          </h3>
          <ul className="flex flex-col divide-y divide-line rounded-control border border-dashed border-line-strong">
            {leftOut.map((item) => (
              <li key={item.id} className="flex items-center justify-between gap-3 px-3 py-2">
                <span className="min-w-0 text-sm">
                  <span className="font-medium text-danger-700 line-through">
                    {item.video.title}
                  </span>{' '}
                  <span className="text-ink-muted">
                    {dosage(item.sets, item.reps, item.hold_seconds)}
                  </span>
                </span>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Put back ${item.video.title}`}
                  onClick={() => onChange(addToDraft(draft, draftFromItems([item])))}
                >
                  <Undo2 aria-hidden="true" className="size-4" />
                  Put back
                </Button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
