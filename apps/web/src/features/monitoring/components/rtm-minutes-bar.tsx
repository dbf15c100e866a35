import {
  RTM_FIRST_THRESHOLD_MINUTES,
  RTM_MAIN_THRESHOLD_MINUTES,
} from '@homestretch/contract/monitoring/rtm-minutes';
import { cx } from '../../../ui/cx';

/** The thresholds shown on the bar: 10 (98979), 20 (98980), and 40 (the first 98981). */
const MARKS = [RTM_FIRST_THRESHOLD_MINUTES, RTM_MAIN_THRESHOLD_MINUTES, 40];

/**
 * A month's minutes against the thresholds: the bar fills toward the next one, with a mark at
 * each, so "how far from billable" reads at a glance. Past 40 the scale grows with the minutes.
 */
export function RtmMinutesBar({
  minutes,
  nextThreshold,
  compact = false,
}: {
  minutes: number;
  nextThreshold: number;
  compact?: boolean;
}) {
  const scale = Math.max(40, nextThreshold);
  const share = Math.min(1, minutes / scale);
  const reached = minutes >= RTM_MAIN_THRESHOLD_MINUTES;
  return (
    <div className={compact ? 'w-full min-w-24' : 'w-full'}>
      <div
        role="progressbar"
        aria-label={`${minutes} of ${nextThreshold} minutes this month`}
        aria-valuemin={0}
        aria-valuemax={nextThreshold}
        aria-valuenow={Math.min(minutes, nextThreshold)}
        className={cx(
          'relative w-full overflow-hidden rounded-full bg-line',
          compact ? 'h-1.5' : 'h-2.5',
        )}
      >
        <div
          className={cx('h-full rounded-full', reached ? 'bg-success-700' : 'bg-brand-600')}
          style={{ width: `${share * 100}%` }}
        />
        {MARKS.filter((mark) => mark < scale).map((mark) => (
          <span
            key={mark}
            aria-hidden="true"
            className="absolute top-0 h-full w-0.5 bg-surface"
            style={{ left: `${(mark / scale) * 100}%` }}
          />
        ))}
      </div>
      {!compact && (
        <div className="relative mt-1 h-4 text-xs text-ink-subtle" aria-hidden="true">
          {MARKS.filter((mark) => mark < scale).map((mark) => (
            <span
              key={mark}
              className="absolute -translate-x-1/2"
              style={{ left: `${(mark / scale) * 100}%` }}
            >
              {mark}
            </span>
          ))}
        </div>
      )}
    </div>
  );
}
