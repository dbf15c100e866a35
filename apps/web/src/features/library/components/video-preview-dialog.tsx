import type { Video } from '@homestretch/contract/library/video';
import { ArrowLeft, Copy, Pencil } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/error-messages';
import { Button } from '../../../ui/button';
import { ErrorState } from '../../../ui/error-state';
import { Modal } from '../../../ui/modal';
import { ModalActions } from '../../../ui/modal-actions';
import { PanelLoading } from '../../../ui/panel-states';
import { useVideo } from '../api/get-video';
import { CollectionBadge } from './collection-badge';
import { ExerciseDetails, ExerciseUses } from './exercise-details';
import { ExerciseMedia } from './exercise-media';
import { shownValue, sourceLabel, videoTags } from './video-labels';

export interface VideoPreviewDialogProps {
  video: Video;
  onClose: () => void;
  onCopy: (video: Video) => void;
  copying: boolean;
}

/** An exercise opened in the preview, and the name to go back to it by. */
interface Visit {
  id: number;
  title: string;
}

/**
 * A look at a video without leaving the library: the film, photos or figure, its tags, and what
 * the catalogue exercise it is says (GET /video/{id}: dose, steps, cautions, conditions,
 * progressions, sources). A clinic film keeps its own instructions, beside the figure and the
 * conditions of the model it follows. An easier or harder version opens in the same preview,
 * with a way back.
 */
export function VideoPreviewDialog({ video, onClose, onCopy, copying }: VideoPreviewDialogProps) {
  const [trail, setTrail] = useState<Visit[]>([{ id: video.id, title: video.title }]);
  const current = trail[trail.length - 1] ?? { id: video.id, title: video.title };
  const previous = trail.length > 1 ? trail[trail.length - 2] : undefined;
  const detail = useVideo(current.id);
  // The card's video shows at once; a version opened from it waits for its answer.
  const shown = detail.data ?? (current.id === video.id ? video : undefined);
  const description = shown ? shownValue(shown.description) : '';

  const open = (videoId: number) => {
    if (shown) {
      setTrail([
        ...trail.slice(0, -1),
        { id: shown.id, title: shown.title },
        { id: videoId, title: '' },
      ]);
    }
  };

  return (
    <Modal show size="lg" title={shown?.title ?? 'Exercise'} onClose={onClose}>
      <div className="flex flex-col gap-4">
        {previous && (
          <button
            type="button"
            onClick={() => setTrail(trail.slice(0, -1))}
            className="inline-flex min-h-10 items-center gap-1.5 self-start rounded-control text-sm font-medium text-brand-800 hover:underline"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            Back to {previous.title}
          </button>
        )}
        {!shown ? (
          detail.isError ? (
            <ErrorState
              message={errorMessage(detail.error)}
              onRetry={() => void detail.refetch()}
              retrying={detail.isFetching}
            />
          ) : (
            <PanelLoading label="Loading the exercise" minHeight={320} />
          )
        ) : (
          <>
            <ExerciseMedia video={shown} modelName={detail.data?.exercise?.name} />
            <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-ink-muted">
              {[...videoTags(shown), sourceLabel(shown)].join(' · ')}
              <CollectionBadge video={shown} />
            </p>
            {description && (shown.source === 'clinic' || shown.movement_id === null) && (
              // A clinic film's own words are what its patients read, model or not.
              <p className="max-h-40 overflow-y-auto text-sm whitespace-pre-line text-ink">
                {description}
              </p>
            )}
            {shown.movement_id === null ? null : shown.source === 'clinic' ? (
              detail.data?.exercise && <ExerciseUses exercise={detail.data.exercise} />
            ) : detail.data?.exercise ? (
              <ExerciseDetails exercise={detail.data.exercise} onOpen={open} />
            ) : detail.isError ? (
              <ErrorState
                message={errorMessage(detail.error)}
                onRetry={() => void detail.refetch()}
                retrying={detail.isFetching}
              />
            ) : (
              <PanelLoading label="Loading the exercise's steps and dose" minHeight={160} />
            )}
          </>
        )}
        <ModalActions divided>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          {shown &&
            (shown.source === 'catalogue' ? (
              <Button loading={copying} onClick={() => onCopy(shown)}>
                {!copying && <Copy aria-hidden="true" className="size-4" />}
                Copy to my library
              </Button>
            ) : (
              <Link
                to={paths.exerciseEdit(shown.id)}
                className="inline-flex min-h-11 items-center justify-center gap-2 rounded-control bg-brand-700 px-4 font-medium text-surface hover:bg-brand-800"
              >
                {shown.can_edit && <Pencil aria-hidden="true" className="size-4" />}
                {shown.can_edit ? 'Edit' : 'Open'}
              </Link>
            ))}
        </ModalActions>
      </div>
    </Modal>
  );
}
