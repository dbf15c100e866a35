import type { Video } from '@homestretch/contract/library/video';
import { ArrowLeft, Copy, FileQuestion } from 'lucide-react';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { paths, SCREEN_TITLES } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-messages';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { useDiscardGuard } from '../../../ui/discard-guard';
import { EmptyState } from '../../../ui/empty-state';
import { ErrorState } from '../../../ui/error-state';
import { PanelLoading } from '../../../ui/panel-states';
import { notify } from '../../../ui/toasts';
import { useCopyVideo } from '../api/copy-video';
import { useDeleteVideos } from '../api/delete-videos';
import { useVideo } from '../api/get-video';
import { ExerciseMedia } from '../components/exercise-media';
import { VideoDetails } from '../components/video-details';
import { VideoForm } from '../components/video-form';
import { collectionLabel, ownerName, sourceLabel } from '../components/video-labels';
import { VideoPlayer } from '../components/video-player';

const LINK_BUTTON =
  'inline-flex min-h-10 items-center gap-1.5 rounded-control text-sm font-medium text-brand-800 hover:underline';

/** exercise_edit (/exercise-edit/:id): a video's player and details, editable where allowed. */
export function ExerciseEditPage() {
  const { id = '' } = useParams();
  const videoId = /^\d+$/.test(id) ? Number(id) : null;
  return videoId === null ? <NotFound /> : <ExerciseEdit key={videoId} videoId={videoId} />;
}

/** The page's frame in every state, so it always has its back link and a heading. */
function EditShell({
  heading,
  subtitle,
  onBack,
  children,
}: {
  heading: string;
  subtitle?: string;
  onBack?: () => void;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-5">
      <div>
        {onBack ? (
          <button type="button" onClick={onBack} className={LINK_BUTTON}>
            <ArrowLeft aria-hidden="true" className="size-4" />
            Exercise library
          </button>
        ) : (
          <Link to={paths.exerciseLibrary()} className={LINK_BUTTON}>
            <ArrowLeft aria-hidden="true" className="size-4" />
            Exercise library
          </Link>
        )}
        <h1 className="text-2xl font-semibold break-words text-ink">{heading}</h1>
        {subtitle && <p className="mt-1 text-sm text-ink-muted">{subtitle}</p>}
      </div>
      {children}
    </div>
  );
}

function NotFound() {
  return (
    <EditShell heading={SCREEN_TITLES.exercise_edit}>
      <div className="rounded-card border border-line bg-surface shadow-card">
        <EmptyState
          icon={FileQuestion}
          title="This video is not in your library"
          description="It may have been deleted, or the link is out of date."
        />
      </div>
    </EditShell>
  );
}

/** Why a video's details are shown and not edited, when they are not. */
function readOnlyReason(video: Video): string | null {
  if (video.source === 'catalogue') {
    return 'This exercise is from the catalogue every clinic shares. Copy it to your library to change its details.';
  }
  if (!video.can_edit) {
    const owner = ownerName(video);
    return `Only ${owner ?? 'the therapist who uploaded it'} or your clinic’s administrator can change this video.`;
  }
  return null;
}

function ExerciseEdit({ videoId }: { videoId: number }) {
  const navigate = useNavigate();
  const video = useVideo(videoId);
  const copy = useCopyVideo();
  const remove = useDeleteVideos();
  const [dirty, setDirty] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const onDirtyChange = useCallback((next: boolean) => setDirty(next), []);
  const toLibrary = () => void navigate(paths.exerciseLibrary());
  const { requestClose, prompt } = useDiscardGuard(dirty, toLibrary);

  // A reload or a closed tab would lose unsaved details: the browser asks first.
  useEffect(() => {
    if (!dirty) {
      return undefined;
    }
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  if (video.isPending) {
    return (
      <EditShell heading={SCREEN_TITLES.exercise_edit}>
        <PanelLoading label="Loading the video" minHeight={320} />
      </EditShell>
    );
  }
  if (video.isError) {
    return isApiError(video.error) && video.error.status === 404 ? (
      <NotFound />
    ) : (
      <EditShell heading={SCREEN_TITLES.exercise_edit}>
        <ErrorState
          message={errorMessage(video.error)}
          onRetry={() => void video.refetch()}
          retrying={video.isFetching}
        />
      </EditShell>
    );
  }

  const current = video.data;
  const reason = readOnlyReason(current);
  const copyToLibrary = () =>
    copy.mutate(current.id, {
      onSuccess: (copied) => {
        notify.success(`“${copied.title}” is in your library. Adjust it to your patients.`);
        void navigate(paths.exerciseEdit(copied.id));
      },
    });

  return (
    <EditShell
      heading={current.title}
      subtitle={[sourceLabel(current), collectionLabel(current)]
        .filter((part) => part !== null)
        .join(' · ')}
      onBack={requestClose}
    >
      {current.is_archived && (
        <Alert tone="info">
          This video was taken out of the library. The patients’ programs that use it still show it.
        </Alert>
      )}

      <div className="grid grid-cols-1 gap-5 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)] lg:items-start">
        <section
          aria-label="Video"
          className="rounded-card border border-line bg-surface p-4 shadow-card"
        >
          {reason ? (
            <ExerciseMedia video={current} modelName={current.exercise?.name} />
          ) : (
            // The figure of an editable film's model is in its form, beside the choice of model.
            <VideoPlayer video={current} />
          )}
        </section>
        <section
          aria-label="Details"
          className="flex flex-col gap-4 rounded-card border border-line bg-surface p-4 shadow-card"
        >
          {reason ? (
            <>
              <Alert tone="info">{reason}</Alert>
              {current.source === 'catalogue' && (
                <Button onClick={copyToLibrary} loading={copy.isPending} className="self-start">
                  {!copy.isPending && <Copy aria-hidden="true" className="size-4" />}
                  Copy to my library
                </Button>
              )}
              {copy.isError && <Alert tone="error">{errorMessage(copy.error)}</Alert>}
              <VideoDetails video={current} />
            </>
          ) : (
            <VideoForm
              video={current}
              onDirtyChange={onDirtyChange}
              onDelete={() => setConfirmDelete(true)}
            />
          )}
        </section>
      </div>

      {confirmDelete && (
        <ConfirmDialog
          title={`Delete “${current.title}”?`}
          confirmLabel="Delete"
          busy={remove.isPending}
          error={remove.isError ? errorMessage(remove.error) : null}
          onClose={() => {
            remove.reset();
            setConfirmDelete(false);
          }}
          onConfirm={() =>
            remove.mutate([current.id], {
              onSuccess: ({ archived }) => {
                notify.success(
                  archived.includes(current.id)
                    ? `“${current.title}” is out of the library. A patient’s program uses it, so it is kept for that program.`
                    : `“${current.title}” is deleted.`,
                );
                toLibrary();
              },
            })
          }
        >
          <p>
            It leaves the library and every folder. If a patient’s program uses it, it is kept for
            that program.
          </p>
        </ConfirmDialog>
      )}
      {prompt}
    </EditShell>
  );
}
