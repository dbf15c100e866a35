import type { HepVideo } from '@homestretch/contract/hep/hep-item';
import { ImageOff, Pause, Play } from 'lucide-react';
import { useEffect, useState } from 'react';
import { LazyExerciseFigure } from '../../shared/exercise-figure/lazy-exercise-figure';

export const FRAME_MS = 1_600;

/**
 * An exercise's film (played by range requests, so it starts before it has loaded); else its
 * figure drawn from the movement model, looping with a pause button (start and end side by side
 * for a patient who asks for reduced motion); else a catalogue exercise's photos shown in turn
 * as a loop the patient starts and stops.
 */
export function ExerciseMedia({ video }: { video: HepVideo }) {
  if (video.video_url) {
    return (
      <video
        controls
        playsInline
        preload="metadata"
        poster={video.thumbnail_url ?? undefined}
        src={video.video_url}
        aria-label={`Video: ${video.title}`}
        className="aspect-video w-full rounded-card bg-ink object-contain"
      />
    );
  }
  if (video.movement) {
    return (
      <LazyExerciseFigure
        movement={video.movement}
        label={video.title}
        controlSize="large"
        className="flex aspect-[4/3] w-full items-center justify-center rounded-card bg-surface p-2 shadow-card"
      />
    );
  }
  if (video.frame_urls.length > 0) {
    return <FrameLoop title={video.title} frames={video.frame_urls} />;
  }
  return (
    <div className="flex aspect-video w-full flex-col items-center justify-center gap-2 rounded-card bg-brand-50 text-ink-muted">
      <ImageOff aria-hidden="true" className="size-8" />
      <p className="text-base">No pictures for this exercise. Follow the notes below.</p>
    </div>
  );
}

function FrameLoop({ title, frames }: { title: string; frames: string[] }) {
  const [playing, setPlaying] = useState(false);
  const [index, setIndex] = useState(0);

  useEffect(() => {
    if (!playing) {
      return;
    }
    const timer = window.setInterval(
      () => setIndex((current) => (current + 1) % frames.length),
      FRAME_MS,
    );
    return () => window.clearInterval(timer);
  }, [playing, frames.length]);

  // Play shows the next photo at once. Waiting a whole step for the first change, a two-photo
  // loop was back on step 1 when the patient looked a few seconds later, as if it never started.
  const toggle = () => {
    if (!playing) {
      setIndex((current) => (current + 1) % frames.length);
    }
    setPlaying(!playing);
  };

  const canPlay = frames.length > 1;
  return (
    <figure className="relative overflow-hidden rounded-card bg-surface shadow-card">
      <div className="relative aspect-[4/3] w-full">
        {frames.map((src, frame) => (
          <img
            key={src}
            src={src}
            alt={`${title}, step ${frame + 1} of ${frames.length}`}
            aria-hidden={frame !== index}
            className={`absolute inset-0 size-full object-contain transition-opacity duration-700 ${
              frame === index ? 'opacity-100' : 'opacity-0'
            }`}
          />
        ))}
      </div>
      {canPlay && (
        <figcaption className="flex items-center justify-between gap-3 border-t border-line px-3 py-2">
          <span className="text-base text-ink-muted" aria-live="polite">
            Step {index + 1} of {frames.length}
          </span>
          <button
            type="button"
            onClick={toggle}
            aria-pressed={playing}
            className="inline-flex min-h-12 items-center gap-2 rounded-control bg-brand-700 px-4 text-lg font-medium text-surface hover:bg-brand-800"
          >
            {playing ? (
              <Pause aria-hidden="true" className="size-5" />
            ) : (
              <Play aria-hidden="true" className="size-5" />
            )}
            {playing ? 'Pause' : 'Play'}
          </button>
        </figcaption>
      )}
    </figure>
  );
}
