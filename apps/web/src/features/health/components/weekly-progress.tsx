import type { ProgressDay, ProgressSummary } from '@homestretch/contract/health/progress';
import { format, parseISO } from 'date-fns';
import { CalendarX } from 'lucide-react';
import { useState } from 'react';
import { Card } from '../../../ui/card';
import { cx } from '../../../ui/cx';
import { Dropdown } from '../../../ui/dropdown';
import { EmptyState } from '../../../ui/empty-state';
import { Spinner } from '../../../ui/spinner';
import { useProgress } from '../api/get-progress';
import { formatMetricValue } from './chart-series';
import { ScrollTable } from '../../../ui/scroll-table';
import { PanelError, PanelLoading } from '../../../ui/panel-states';
import { formatPercent, formatWeekRange } from '../../../lib/record-format';
import { weekOptions } from './week-options';

/** "Pain down 0.8 from the week before": negative change is better for pain. */
function painChangeText(change: number | null): string | null {
  if (change === null) {
    return null;
  }
  const size = Math.abs(change).toFixed(1);
  if (size === '0.0') {
    return 'Same as the week before';
  }
  return change < 0 ? `Down ${size} from the week before` : `Up ${size} from the week before`;
}

function SummaryTile({ term, value, note }: { term: string; value: string; note?: string | null }) {
  return (
    <div className="rounded-control bg-canvas px-3 py-2">
      <dt className="text-xs font-medium text-ink-muted">{term}</dt>
      <dd className="text-lg font-semibold text-ink">{value}</dd>
      {note && <dd className="text-xs text-ink-muted">{note}</dd>}
    </div>
  );
}

function Summary({ summary }: { summary: ProgressSummary }) {
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 xl:grid-cols-5">
      <SummaryTile
        term="Adherence"
        value={summary.adherence === null ? 'No program' : formatPercent(summary.adherence)}
      />
      <SummaryTile
        term="Average pain"
        value={
          summary.average_pain === null
            ? 'No reports'
            : formatMetricValue('pain', summary.average_pain)
        }
        note={painChangeText(summary.pain_change)}
      />
      <SummaryTile
        term="Engagement"
        value={formatMetricValue('engagement', summary.engagement_minutes)}
      />
      <SummaryTile
        term="Steps a day"
        value={
          summary.average_steps === null
            ? 'No data'
            : formatMetricValue('steps', summary.average_steps)
        }
      />
      <SummaryTile
        term="Days with data"
        value={`${summary.days_with_data} of ${summary.days_elapsed}`}
      />
    </dl>
  );
}

const dash = (
  <>
    <span aria-hidden="true">—</span>
    <span className="sr-only">none</span>
  </>
);

function DayRow({ day }: { day: ProgressDay }) {
  const date = parseISO(day.date);
  return (
    <tr className={cx('border-t border-line', day.future && 'text-ink-subtle')}>
      <th scope="row" className="py-2 pr-2 text-left font-medium whitespace-nowrap">
        {format(date, 'EEE d')}
      </th>
      {day.future ? (
        <td colSpan={4} className="py-2 text-ink-subtle">
          Not yet
        </td>
      ) : (
        <>
          <td className="py-2 pr-2 tabular-nums">
            {day.pain === null ? dash : formatMetricValue('pain', day.pain)}
          </td>
          <td className="py-2 pr-2 tabular-nums">
            {day.engagement_minutes === null
              ? dash
              : formatMetricValue('engagement', day.engagement_minutes)}
          </td>
          <td className="py-2 pr-2 tabular-nums">
            {day.steps === null ? dash : Math.round(day.steps).toLocaleString('en-US')}
          </td>
          <td className="py-2 tabular-nums whitespace-nowrap">
            {day.exercises_assigned === 0
              ? dash
              : `${day.exercises_done} of ${day.exercises_assigned}`}
          </td>
        </>
      )}
    </tr>
  );
}

/** A week (Monday to Sunday) of pain, engagement, steps and program adherence. */
export function WeeklyProgress({ patientId }: { patientId: number }) {
  const [weeksAgo, setWeeksAgo] = useState(0);
  const progress = useProgress(patientId, weeksAgo);

  let body;
  if (progress.isPending) {
    body = <PanelLoading label="Loading weekly progress" />;
  } else if (progress.isError) {
    body = (
      <PanelError
        error={progress.error}
        onRetry={() => void progress.refetch()}
        retrying={progress.isFetching}
      />
    );
  } else {
    const { summary, days, start_date, end_date } = progress.data;
    const empty = summary.days_with_data === 0 && days.every((day) => day.exercises_assigned === 0);
    body = (
      <div className="flex flex-col gap-4">
        <p className="text-sm text-ink-muted">{formatWeekRange(start_date, end_date)}</p>
        {empty ? (
          <EmptyState
            icon={CalendarX}
            title="No data this week"
            description="The patient's app sent nothing and no program was assigned."
          />
        ) : (
          <>
            <Summary summary={summary} />
            <ScrollTable label="Progress day by day">
              <table className="w-full text-sm">
                <caption className="sr-only">Day by day</caption>
                <thead>
                  <tr className="text-left text-xs text-ink-muted">
                    <th scope="col" className="pr-2 pb-1 font-medium">
                      Day
                    </th>
                    <th scope="col" className="pr-2 pb-1 font-medium">
                      Pain
                    </th>
                    <th scope="col" className="pr-2 pb-1 font-medium">
                      Engagement
                    </th>
                    <th scope="col" className="pr-2 pb-1 font-medium">
                      Steps
                    </th>
                    <th scope="col" className="pb-1 font-medium">
                      Exercises
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {days.map((day) => (
                    <DayRow key={day.date} day={day} />
                  ))}
                </tbody>
              </table>
            </ScrollTable>
          </>
        )}
      </div>
    );
  }

  return (
    <Card
      title="Weekly progress"
      actions={
        <div className="flex items-center gap-2">
          {progress.isFetching && !progress.isPending && (
            <Spinner size="sm" label="Updating progress" />
          )}
          <Dropdown
            label="Week"
            hideLabel
            options={weekOptions()}
            value={weeksAgo}
            onChange={setWeeksAgo}
            buttonClassName="w-40"
          />
        </div>
      }
    >
      {body}
    </Card>
  );
}
