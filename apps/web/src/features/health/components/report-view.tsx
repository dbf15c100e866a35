import { ROLE_LABELS } from '@homestretch/contract/common/enums';
import type { PatientReport, ReportMetric } from '@homestretch/contract/health/patient-report';
import { format, parseISO } from 'date-fns';
import type { ReactNode } from 'react';
import { formatDate } from '../../../ui/format-date';
import { displayIcd10Code } from '../../icd10/components/icd10-code';
import { formatMetricValue } from './chart-series';
import { ScrollTable } from '../../../ui/scroll-table';
import { formatClinicDateTime } from '../../../lib/clinic-time';
import { formatDuration, formatPercent, formatWeekRange } from '../../../lib/record-format';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-2 break-inside-avoid">
      <h3 className="text-base font-semibold text-ink">{title}</h3>
      {children}
    </section>
  );
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex gap-2">
      <dt className="w-44 shrink-0 text-ink-muted">{term}</dt>
      <dd className="min-w-0 text-ink">{children}</dd>
    </div>
  );
}

const cell = 'border-b border-line py-1.5 pr-3 text-left align-top';

/**
 * One kind of metric: totals (steps, distance, calories) and readings (heart rate, pain) are
 * apart because their lowest and highest are different things, a day against a single reading
 * (ReportMetricSchema), and a shared "Highest" column once set a daily total beside a reading.
 */
function MetricTable({
  label,
  caption,
  headings,
  metrics,
}: {
  label: string;
  caption: string;
  headings: [average: string, lowest: string, highest: string];
  metrics: ReportMetric[];
}) {
  if (metrics.length === 0) {
    return null;
  }
  return (
    <div className="flex flex-col gap-1">
      <p className="text-xs text-ink-muted">{caption}</p>
      <ScrollTable label={label}>
        <table className="w-full">
          <thead>
            <tr className="text-xs text-ink-muted">
              {['Metric', 'Days with data', ...headings].map((heading) => (
                <th key={heading} scope="col" className={cell}>
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {metrics.map((m) => (
              <tr key={m.metric}>
                <th scope="row" className={`${cell} font-medium`}>
                  {m.label}
                </th>
                <td className={cell}>{m.days_with_data}</td>
                {[m.value, m.min, m.max].map((figure, index) => (
                  <td key={headings[index]} className={`${cell} whitespace-nowrap`}>
                    {formatMetricValue(m.metric, figure)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollTable>
    </div>
  );
}

/**
 * A week's activity report: what backs up the RTM claims for that week (domain/rtm.md), laid
 * out to read the same on screen and on paper.
 */
/** `timeZone`: the clinic's, whose clock the generated time is read on. */
export function ReportView({ report, timeZone }: { report: PatientReport; timeZone: string }) {
  const { patient, summary } = report;
  return (
    <article className="flex flex-col gap-5 text-sm" aria-label="Weekly report">
      <header className="flex flex-col gap-1 border-b border-line pb-3">
        <p className="text-xs font-semibold tracking-wide text-ink-subtle uppercase">
          Weekly activity report
        </p>
        <p className="text-lg font-semibold text-ink">
          {patient.first_name} {patient.last_name}
        </p>
        <p className="text-ink-muted">
          Week {formatWeekRange(report.start_date, report.end_date)} ({report.time_zone})
        </p>
        <p className="text-xs text-ink-subtle">
          Generated {formatClinicDateTime(report.generated_at, timeZone)}
        </p>
      </header>

      <Section title="Patient">
        <dl className="flex flex-col gap-1">
          <Row term="Date of birth">
            {patient.birthday ? formatDate(patient.birthday) : 'Not recorded'}
          </Row>
          <Row term="Diagnosis">
            {[patient.diagnosis, patient.selected_code && displayIcd10Code(patient.selected_code)]
              .filter(Boolean)
              .join(' · ') || 'Not recorded'}
          </Row>
          <Row term="Therapists">
            {patient.therapists
              .map((t) => `${t.first_name} ${t.last_name} (${ROLE_LABELS[t.role]})`)
              .join(', ') || 'None assigned'}
          </Row>
          <Row term="RTM coverage">{patient.is_rtm_covered ? 'Covered' : 'Not covered'}</Row>
        </dl>
      </Section>

      <Section title="Summary">
        <dl className="flex flex-col gap-1">
          <Row term="Days with data">
            {summary.days_with_data} of {summary.days_elapsed}
          </Row>
          <Row term="Program adherence">
            {summary.adherence === null ? 'No program' : formatPercent(summary.adherence)}
          </Row>
          <Row term="Average pain">
            {summary.average_pain === null
              ? 'No reports'
              : formatMetricValue('pain', summary.average_pain)}
            {summary.previous_average_pain !== null &&
              ` (week before: ${formatMetricValue('pain', summary.previous_average_pain)})`}
          </Row>
          <Row term="Engagement">{formatMetricValue('engagement', summary.engagement_minutes)}</Row>
          <Row term="Monitoring time">{formatDuration(report.monitoring_seconds)}</Row>
          <Row term="Live call this week">
            {report.has_interactive_call ? 'Yes' : 'No logged call with a duration'}
          </Row>
        </dl>
      </Section>

      <Section title="Day by day">
        <ScrollTable label="Report day by day">
          <table className="w-full">
            <thead>
              <tr className="text-xs text-ink-muted">
                <th scope="col" className={cell}>
                  Day
                </th>
                <th scope="col" className={cell}>
                  Data
                </th>
                <th scope="col" className={cell}>
                  Pain
                </th>
                <th scope="col" className={cell}>
                  Engagement
                </th>
                <th scope="col" className={cell}>
                  Steps
                </th>
                <th scope="col" className={cell}>
                  Exercises
                </th>
              </tr>
            </thead>
            <tbody>
              {report.days.map((day) => (
                <tr key={day.date}>
                  <th scope="row" className={`${cell} font-medium whitespace-nowrap`}>
                    {format(parseISO(day.date), 'EEE, MMM d')}
                  </th>
                  <td className={cell}>{day.future ? 'Not yet' : day.has_data ? 'Yes' : 'No'}</td>
                  <td className={cell}>
                    {day.pain === null ? '–' : formatMetricValue('pain', day.pain)}
                  </td>
                  <td className={cell}>
                    {day.engagement_minutes === null
                      ? '–'
                      : formatMetricValue('engagement', day.engagement_minutes)}
                  </td>
                  <td className={cell}>
                    {day.steps === null ? '–' : formatMetricValue('steps', day.steps)}
                  </td>
                  <td className={cell}>
                    {day.exercises_assigned === 0
                      ? '–'
                      : `${day.exercises_done} of ${day.exercises_assigned}`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollTable>
      </Section>

      <Section title="Health metrics">
        {report.metrics.length === 0 ? (
          <p className="text-ink-muted">No health readings this week.</p>
        ) : (
          <div className="flex flex-col gap-4">
            <MetricTable
              label="Daily totals of the week"
              caption="Daily totals: each day's figures added up. Lowest and highest are whole days."
              headings={['A day on average', 'Lowest day', 'Highest day']}
              metrics={report.metrics.filter((m) => m.aggregation === 'sum')}
            />
            <MetricTable
              label="Readings of the week"
              caption="Readings: each measurement on its own. Lowest and highest are single readings."
              headings={['Average reading', 'Lowest reading', 'Highest reading']}
              metrics={report.metrics.filter((m) => m.aggregation === 'average')}
            />
          </div>
        )}
      </Section>

      <Section title="Interactions">
        {report.interactions.length === 0 ? (
          <p className="text-ink-muted">No interactions logged this week.</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {report.interactions.map((log) => (
              <li key={log.log_id} className="border-b border-line pb-2">
                <p className="font-medium text-ink">
                  {formatDate(log.date)} ·{' '}
                  {log.call_duration_seconds > 0
                    ? `Call ${formatDuration(log.call_duration_seconds)}`
                    : 'No call'}
                  {log.user_name && ` · ${log.user_name}`}
                </p>
                {log.notes && <p className="whitespace-pre-line text-ink-muted">{log.notes}</p>}
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title="Functional measures">
        {report.functional_data.every((measure) => measure.entries.length === 0) ? (
          <p className="text-ink-muted">No measurements this week.</p>
        ) : (
          <ul className="flex flex-col gap-1">
            {report.functional_data
              .filter((measure) => measure.entries.length > 0)
              .map((measure) => (
                <li key={measure.datatype_id}>
                  <span className="font-medium text-ink">{measure.name}</span>:{' '}
                  {measure.entries
                    .map(
                      (entry) =>
                        `${entry.value}${measure.unit ? ` ${measure.unit}` : ''} (${formatDate(entry.date)})`,
                    )
                    .join(', ')}
                </li>
              ))}
          </ul>
        )}
      </Section>
    </article>
  );
}
