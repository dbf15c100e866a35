import type { MovementModel } from '@homestretch/contract/library/movement';
import { Suspense } from 'react';
import { Spinner } from '../../../ui/spinner';
import { exerciseFigure } from './lazy-figures';
import { VideoPlayer, type PlayerVideo } from './video-player';

const ExerciseFigure = exerciseFigure.Component;

/** The looping figure in its frame (white: the figure's limbs are haloed in white). */
export function FigurePanel({
  movement,
  label,
  caption,
}: {
  movement: MovementModel;
  label: string;
  caption?: string;
}) {
  return (
    <div className="flex flex-col gap-1">
      <div className="rounded-card border border-line bg-surface p-3">
        <Suspense
          fallback={
            <div className="flex h-48 items-center justify-center">
              <Spinner label="Drawing the figure" />
            </div>
          }
        >
          <ExerciseFigure movement={movement} label={label} className="h-48 sm:h-56" />
        </Suspense>
      </div>
      {caption && <p className="text-xs text-ink-muted">{caption}</p>}
    </div>
  );
}

/**
 * What a video's preview and details page show of it: a catalogue exercise's looping figure (it
 * has no film); a clinic film, and beside it the figure of the movement model it follows, when
 * it follows one (issue 32 item 7); otherwise the film or photos alone.
 */
export function ExerciseMedia({
  video,
  modelName,
}: {
  video: PlayerVideo & { movement: MovementModel | null };
  /** The name of the catalogue exercise whose model a clinic film follows, once known. */
  modelName?: string;
}) {
  if (!video.movement) {
    return <VideoPlayer video={video} />;
  }
  if (video.source === 'catalogue') {
    return <FigurePanel movement={video.movement} label={video.title} />;
  }
  return (
    <div className="@container">
      <div className="grid grid-cols-1 gap-3 @xl:grid-cols-2 @xl:items-start">
        <VideoPlayer video={video} />
        <FigurePanel
          movement={video.movement}
          label={modelName ?? video.title}
          caption={modelName ? `Movement model: ${modelName}` : 'Movement model'}
        />
      </div>
    </div>
  );
}
