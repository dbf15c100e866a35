import { HEALTH_METRIC_RULES, type MetricSeries } from '@homestretch/contract/health/metrics';
import type { HealthMetric } from '@homestretch/contract/common/enums';
import { useMemo, useState } from 'react';
import { useClinicTimeZone } from '../../auth/api/current-user';
import { clinicToday } from '../../../lib/clinic-calendar';
import { useHealthChart } from '../api/get-health-chart';
import { Card } from '../../../ui/card';
import { cx } from '../../../ui/cx';
import { Dropdown } from '../../../ui/dropdown';
import { formatDate } from '../../../ui/format-date';
import { Spinner } from '../../../ui/spinner';
import {
  formatMetricValue,
  orderMetrics,
  PERIOD_OPTIONS,
  periodEnding,
  shapeSeries,
  VIEW_MODE_OPTIONS,
  type ViewMode,
} from './chart-series';
import { MetricChart } from './metric-chart';
import { PanelError, PanelLoading } from '../../../ui/panel-states';

export const NO_DATA_MESSAGE = 'No data in this period';

function ViewModeSwitch({
  value,
  onChange,
}: {
  value: ViewMode;
  onChange: (mode: ViewMode) => void;
}) {
  return (
    <div role="group" aria-label="View" className="grid grid-cols-2 gap-1 sm:inline-flex">
      {VIEW_MODE_OPTIONS.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={option.value === value}
          onClick={() => onChange(option.value)}
          className={cx(
            'min-h-10 rounded-control border px-3 text-sm font-medium',
            option.value === value
              ? 'border-brand-700 bg-brand-50 text-brand-800'
              : 'border-line-strong bg-surface text-ink-muted hover:bg-canvas hover:text-ink',
          )}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}

function MetricPanel({
  metric,
  series,
  period,
  periodLabel,
  mode,
}: {
  metric: HealthMetric;
  series: MetricSeries;
  period: { from: string; to: string };
  periodLabel: string;
  mode: ViewMode;
}) {
  const label = HEALTH_METRIC_RULES[metric].label;
  const model = shapeSeries(metric, series, period, mode);
  const days = `${model.daysWithData} ${model.daysWithData === 1 ? 'day' : 'days'} with data`;
  const average =
    model.average !== null ? `average ${formatMetricValue(metric, model.average)}` : null;
  return (
    <Card title={label} className="min-w-0" data-metric={metric}>
      <p className="-mt-2 mb-2 text-sm text-ink-muted">
        {days}
        {average && ` · ${average}`}
      </p>
      <MetricChart
        metric={metric}
        model={model}
        summary={`${label}, ${periodLabel.toLowerCase()}: ${days}${average ? `, ${average}` : ''}.`}
      />
    </Card>
  );
}

/**
 * Every spec §3 health metric over a chosen period, in one of the four view modes. Metrics with
 * data are charted first; the others say so rather than draw an empty axis.
 */
export function HealthCharts({ patientId }: { patientId: number }) {
  const [days, setDays] = useState<number>(30);
  const [mode, setMode] = useState<ViewMode>('average');
  const timeZone = useClinicTimeZone();
  // The days the server counts in: the clinic's, ending on its today.
  const range = useMemo(() => periodEnding(clinicToday(timeZone), days), [days, timeZone]);
  const chart = useHealthChart(patientId, range);
  const periodLabel = PERIOD_OPTIONS.find((option) => option.value === days)?.label ?? '';
  const hint = VIEW_MODE_OPTIONS.find((option) => option.value === mode)?.hint;

  const controls = (
    <div className="flex flex-wrap items-end gap-3">
      <Dropdown
        label="Period"
        options={PERIOD_OPTIONS}
        value={days}
        onChange={setDays}
        buttonClassName="w-44"
      />
      <ViewModeSwitch value={mode} onChange={setMode} />
      {chart.isFetching && !chart.isPending && <Spinner size="sm" label="Updating charts" />}
    </div>
  );

  let body;
  if (chart.isPending) {
    body = <PanelLoading label="Loading health data" minHeight={240} />;
  } else if (chart.isError) {
    body = (
      <PanelError
        error={chart.error}
        onRetry={() => void chart.refetch()}
        retrying={chart.isFetching}
      />
    );
  } else {
    const { series, from, to } = chart.data;
    const { withData, withoutData } = orderMetrics(series);
    const byMetric = new Map(series.map((s) => [s.metric, s]));
    body = (
      <div className="flex flex-col gap-4">
        {withData.length > 0 && (
          <div className="grid gap-4 md:grid-cols-2">
            {withData.map((metric) => {
              const metricSeries = byMetric.get(metric);
              return (
                metricSeries && (
                  <MetricPanel
                    key={metric}
                    metric={metric}
                    series={metricSeries}
                    period={{ from, to }}
                    periodLabel={periodLabel}
                    mode={mode}
                  />
                )
              );
            })}
          </div>
        )}
        {withData.length === 0 && (
          <p className="text-sm text-ink-muted">
            The patient&apos;s app sent no health readings from {formatDate(from)} to{' '}
            {formatDate(to)}.
          </p>
        )}
        <ul
          aria-label="Metrics without data"
          className="grid grid-cols-2 gap-2 lg:grid-cols-3 xl:grid-cols-4"
        >
          {withoutData.map((metric) => (
            <li
              key={metric}
              data-metric={metric}
              className="rounded-control border border-dashed border-line-strong px-3 py-2"
            >
              <p className="text-sm font-medium text-ink">{HEALTH_METRIC_RULES[metric].label}</p>
              <p className="text-sm text-ink-muted">{NO_DATA_MESSAGE}</p>
            </li>
          ))}
        </ul>
      </div>
    );
  }

  return (
    <Card title="Health metrics" aria-busy={chart.isFetching || undefined}>
      <div className="mb-4 flex flex-col gap-2">
        {controls}
        {hint && <p className="text-sm text-ink-muted">{hint}</p>}
      </div>
      {body}
    </Card>
  );
}
