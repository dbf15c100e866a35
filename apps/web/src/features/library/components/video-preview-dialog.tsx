import type { Video } from '@homestretch/contract/library/video';
import { Copy, Pencil } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { Button } from '../../../ui/button';
import { Modal } from '../../../ui/modal';
import { ModalActions } from '../../../ui/modal-actions';
import { shownValue, sourceLabel, videoTags } from './video-labels';
import { VideoPlayer } from './video-player';

export interface VideoPreviewDialogProps {
  video: Video;
  onClose: () => void;
  onCopy: (video: Video) => void;
  copying: boolean;
}

/** A look at a video without leaving the library: the film or photos, tags and instructions. */
export function VideoPreviewDialog({ video, onClose, onCopy, copying }: VideoPreviewDialogProps) {
  const description = shownValue(video.description);
  return (
    <Modal show size="lg" title={video.title} onClose={onClose}>
      <div className="flex flex-col gap-4">
        <VideoPlayer video={video} />
        <p className="text-sm text-ink-muted">
          {[...videoTags(video), sourceLabel(video)].join(' · ')}
        </p>
        {description && (
          <p className="max-h-40 overflow-y-auto text-sm whitespace-pre-line text-ink">
            {description}
          </p>
        )}
        <ModalActions divided>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          {video.source === 'catalogue' ? (
            <Button loading={copying} onClick={() => onCopy(video)}>
              {!copying && <Copy aria-hidden="true" className="size-4" />}
              Copy to my library
            </Button>
          ) : (
            <Link
              to={paths.exerciseEdit(video.id)}
              className="inline-flex min-h-11 items-center justify-center gap-2 rounded-control bg-brand-700 px-4 font-medium text-surface hover:bg-brand-800"
            >
              {video.can_edit && <Pencil aria-hidden="true" className="size-4" />}
              {video.can_edit ? 'Edit' : 'Open'}
            </Link>
          )}
        </ModalActions>
      </div>
    </Modal>
  );
}
