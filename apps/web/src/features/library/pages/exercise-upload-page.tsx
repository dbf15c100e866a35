import { ArrowLeft, CircleCheck, FileVideo, Pause, Play, Upload, X } from 'lucide-react';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { cx } from '../../../ui/cx';
import { ErrorState } from '../../../ui/error-state';
import { Spinner } from '../../../ui/spinner';
import { formatBytes } from '../components/upload-tickets';
import { useVideoUpload, type UploadState } from '../components/use-video-upload';

function ProgressBar({ percent, paused }: { percent: number; paused: boolean }) {
  return (
    <div className="flex flex-col gap-1">
      <div className="flex justify-between text-sm">
        <span id="upload-progress-label" className="font-medium text-ink">
          {paused ? 'Paused' : 'Uploading'}
        </span>
        <span className="text-ink-muted tabular-nums">{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-labelledby="upload-progress-label"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%`}
        className="h-3 overflow-hidden rounded-full bg-canvas ring-1 ring-line"
      >
        <div
          className={cx(
            'h-full rounded-full transition-[width] duration-300',
            paused ? 'bg-ink-subtle' : 'bg-brand-600',
          )}
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}

function FileLine({ file }: { file: File }) {
  return (
    <p className="flex min-w-0 items-center gap-2 text-sm text-ink">
      <FileVideo aria-hidden="true" className="size-5 shrink-0 text-brand-600" />
      <span className="min-w-0 truncate font-medium">{file.name}</span>
      <span className="shrink-0 text-ink-muted">{formatBytes(file.size)}</span>
    </p>
  );
}

/** The tab should not close, nor the page reload, while bytes are on their way. */
function useLeaveWarning(active: boolean) {
  useEffect(() => {
    if (!active) {
      return undefined;
    }
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
}

/** exercise_upload (/exercise-upload): one video from the device into the clinic's library. */
export function ExerciseUploadPage() {
  const navigate = useNavigate();
  const { state, choose, pause, resume, cancel } = useVideoUpload();
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  useLeaveWarning(state.phase === 'uploading' || state.phase === 'preparing');

  // Done: the new video's page, where its details are filled in while it is processed.
  const doneId = state.phase === 'done' ? state.ticket.id : null;
  useEffect(() => {
    if (doneId !== null) {
      void navigate(paths.exerciseEdit(doneId), { replace: true });
    }
  }, [doneId, navigate]);

  const pick = (files: FileList | null) => {
    const file = files?.[0];
    if (file) {
      void choose(file);
    }
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    pick(event.dataTransfer.files);
  };
  const canChoose = state.phase === 'idle' || state.phase === 'refused';

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5">
      <div>
        <Link
          to={paths.exerciseLibrary()}
          className="inline-flex min-h-10 items-center gap-1.5 rounded-control text-sm font-medium text-brand-800 hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Exercise library
        </Link>
        <h1 className="text-2xl font-semibold text-ink">Upload an exercise video</h1>
        <p className="mt-1 text-sm text-ink-muted">
          Film the exercise as your patient should do it. You add its details once it is uploaded.
        </p>
      </div>

      <section
        aria-label="Upload"
        className="flex flex-col gap-4 rounded-card border border-line bg-surface p-4 shadow-card sm:p-6"
      >
        {state.phase === 'refused' && <Alert tone="error">{state.message}</Alert>}
        {canChoose && (
          <div
            onDragOver={(event) => {
              event.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            className={cx(
              'flex flex-col items-center gap-3 rounded-card border-2 border-dashed px-4 py-10 text-center',
              dragging ? 'border-brand-600 bg-brand-50' : 'border-line-strong',
            )}
          >
            <Upload aria-hidden="true" className="size-10 text-brand-600" />
            <p className="text-base font-medium text-ink">Drag a video here, or</p>
            <Button onClick={() => inputRef.current?.click()}>Choose a video</Button>
            <input
              ref={inputRef}
              type="file"
              accept="video/*"
              aria-label="Video file"
              tabIndex={-1}
              className="sr-only"
              onChange={(event) => {
                pick(event.target.files);
                event.target.value = '';
              }}
            />
            <p className="max-w-md text-sm text-ink-muted">
              MP4, MOV or any other video. If the connection drops, the upload carries on where it
              stopped; after closing the page, choose the same file again to continue.
            </p>
          </div>
        )}
        <UploadProgress state={state} onPause={pause} onResume={resume} onCancel={cancel} />
      </section>
    </div>
  );
}

function UploadProgress({
  state,
  onPause,
  onResume,
  onCancel,
}: {
  state: UploadState;
  onPause: () => void;
  onResume: () => void;
  onCancel: () => Promise<void>;
}) {
  switch (state.phase) {
    case 'idle':
    case 'refused':
      return null;
    case 'preparing':
      return (
        <div className="flex flex-col gap-3">
          <FileLine file={state.file} />
          <p className="flex items-center gap-2 text-sm text-ink-muted">
            <Spinner size="sm" decorative />
            Preparing the upload…
          </p>
        </div>
      );
    case 'uploading':
    case 'paused':
      return (
        <div className="flex flex-col gap-4">
          <FileLine file={state.file} />
          <ProgressBar percent={state.percent} paused={state.phase === 'paused'} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="ghost" onClick={() => void onCancel()}>
              <X aria-hidden="true" className="size-4" />
              Cancel upload
            </Button>
            {state.phase === 'uploading' ? (
              <Button variant="secondary" onClick={onPause}>
                <Pause aria-hidden="true" className="size-4" />
                Pause
              </Button>
            ) : (
              <Button onClick={onResume}>
                <Play aria-hidden="true" className="size-4" />
                Resume
              </Button>
            )}
          </div>
          <p className="text-sm text-ink-muted">
            Keep this page open until it finishes; you can pause and resume at any time.
          </p>
        </div>
      );
    case 'failed':
      return (
        <div className="flex flex-col gap-4">
          <FileLine file={state.file} />
          {/* Spec §8: upload errors surface as a video error. */}
          <ErrorState message={state.message} onRetry={onResume} retryLabel="Try again" />
          <Button variant="ghost" onClick={() => void onCancel()} className="self-end">
            <X aria-hidden="true" className="size-4" />
            Cancel upload
          </Button>
        </div>
      );
    case 'done':
      return (
        <p role="status" className="flex items-center gap-2 text-sm font-medium text-success-700">
          <CircleCheck aria-hidden="true" className="size-5" />
          Uploaded. Opening the video…
        </p>
      );
  }
}
