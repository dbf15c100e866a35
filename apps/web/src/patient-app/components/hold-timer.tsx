import { Minus, Pause, Play, Plus, RotateCcw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../ui/button';
import { clock } from '../lib/program-format';

const STEP_SECONDS = 5;
const MIN_SECONDS = 1;
/** The program's longest hold (HEP_MAX_HOLD_SECONDS, not imported: it would bring the schemas). */
const MAX_SECONDS = 600;

const STEP_BUTTON =
  'inline-flex size-14 items-center justify-center rounded-full border border-line-strong bg-surface text-ink hover:bg-canvas disabled:cursor-not-allowed disabled:opacity-40';

type TimerState =
  | { kind: 'idle' }
  | { kind: 'running'; endsAt: number }
  | { kind: 'paused'; left: number }
  | { kind: 'done' };

/**
 * A countdown for holds, from the hold the therapist set ("hold 3 seconds"): start, stop, or
 * change the length. It counts from the clock, not from ticks, so a phone that sleeps a moment
 * still ends on time; at the end it buzzes where the phone can and says so to a screen reader.
 */
export function HoldTimer({ initialSeconds }: { initialSeconds: number }) {
  const [length, setLength] = useState(initialSeconds);
  const [state, setState] = useState<TimerState>({ kind: 'idle' });
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (state.kind !== 'running') {
      return;
    }
    const timer = window.setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= state.endsAt) {
        setState({ kind: 'done' });
        navigator.vibrate?.([200, 100, 200]);
      }
    }, 200);
    return () => window.clearInterval(timer);
  }, [state]);

  const left =
    state.kind === 'running'
      ? (state.endsAt - now) / 1000
      : state.kind === 'paused'
        ? state.left
        : state.kind === 'done'
          ? 0
          : length;

  const start = () => {
    const seconds = state.kind === 'paused' ? state.left : length;
    const current = Date.now();
    setNow(current);
    setState({ kind: 'running', endsAt: current + seconds * 1000 });
  };
  const stop = () => setState({ kind: 'paused', left });
  const reset = () => setState({ kind: 'idle' });
  const change = (delta: number) =>
    setLength((value) => Math.min(MAX_SECONDS, Math.max(MIN_SECONDS, value + delta)));

  return (
    <section aria-labelledby="hold-timer" className="rounded-card bg-surface p-4 shadow-card">
      <h2 id="hold-timer" className="text-lg font-semibold text-ink">
        Hold timer
      </h2>
      <div className="mt-3 flex items-center justify-between gap-3">
        <button
          type="button"
          aria-label={`${STEP_SECONDS} seconds less`}
          disabled={state.kind !== 'idle' || length <= MIN_SECONDS}
          onClick={() => change(-STEP_SECONDS)}
          className={STEP_BUTTON}
        >
          <Minus aria-hidden="true" className="size-6" />
        </button>
        <p
          className="text-5xl font-semibold text-ink tabular-nums"
          aria-label={`${Math.ceil(left)} seconds`}
        >
          {clock(left)}
        </p>
        <button
          type="button"
          aria-label={`${STEP_SECONDS} seconds more`}
          disabled={state.kind !== 'idle' || length >= MAX_SECONDS}
          onClick={() => change(STEP_SECONDS)}
          className={STEP_BUTTON}
        >
          <Plus aria-hidden="true" className="size-6" />
        </button>
      </div>
      <p role="status" className="mt-2 min-h-7 text-center text-lg font-medium text-success-700">
        {state.kind === 'done' ? 'Hold done. Well done!' : ''}
      </p>
      <div className="mt-2 grid grid-cols-2 gap-3">
        {state.kind === 'running' ? (
          <Button size="lg" onClick={stop}>
            <Pause aria-hidden="true" className="size-5" />
            Stop
          </Button>
        ) : (
          <Button size="lg" onClick={start} disabled={state.kind === 'done'}>
            <Play aria-hidden="true" className="size-5" />
            {state.kind === 'paused' ? 'Go on' : 'Start'}
          </Button>
        )}
        <Button size="lg" variant="secondary" onClick={reset} disabled={state.kind === 'idle'}>
          <RotateCcw aria-hidden="true" className="size-5" />
          Reset
        </Button>
      </div>
    </section>
  );
}
