import {
  HEALTH_METRICS,
  type HealthMetric,
  type VIEW_MODES,
} from '@homestretch/contract/common/enums';
import {
  HEALTH_METRIC_RULES,
  type MetricRule,
  type MetricSeries,
} from '@homestretch/contract/health/metrics';
import { addDays, format, parseISO } from 'date-fns';
import type { SeriesKey } from '../../../ui/chart-theme';

/** spec §3 view modes of the metric charts. */
export type ViewMode = (typeof VIEW_MODES)[number];

/**
 * What each view mode plots, from the server's daily roll-ups (DailyPoint):
 * average: the day's figure (total for counted metrics, mean for readings) and the period mean;
 * level: the last reading of each day, where the patient ended the day;
 * details: each day's lowest reading, figure and highest reading;
 * engagement: how many readings the app sent each day (domain/rtm.md counts days with data).
 */
export const VIEW_MODE_OPTIONS: ReadonlyArray<{ value: ViewMode; label: string; hint: string }> = [
  {
    value: 'average',
    label: 'Average',
    hint: "Each day's figure (total for counts, mean for readings), with the period's average.",
  },
  { value: 'level', label: 'Level', hint: 'The last reading of each day.' },
  {
    value: 'details',
    label: 'Details',
    hint: "Each day's lowest reading, daily figure and highest reading.",
  },
  {
    value: 'engagement',
    label: 'Engagement',
    hint: 'How many readings the app sent each day.',
  },
];

/** spec §3: values are read from `steps`, `level` (pain), `minutes` (engagement) or `value`. */
export function metricValueField(metric: HealthMetric): MetricRule['field'] {
  return HEALTH_METRIC_RULES[metric].field;
}

/** The unit as a clinician reads it next to a number. */
export function metricUnit(metric: HealthMetric): string {
  if (metric === 'steps') {
    return 'steps';
  }
  return metric === 'pain' ? '/10' : HEALTH_METRIC_RULES[metric].unit;
}

/** Counts are whole; readings keep one decimal, enough for a heart rate or a pain mean. */
export function formatMetricValue(metric: HealthMetric, value: number): string {
  const rule = HEALTH_METRIC_RULES[metric];
  const digits = rule.integer && rule.aggregation === 'sum' ? 0 : 1;
  const number = value.toLocaleString('en-US', {
    maximumFractionDigits: digits,
    minimumFractionDigits: 0,
  });
  const unit = metricUnit(metric);
  return unit.startsWith('/') || unit === '%' ? `${number}${unit}` : `${number} ${unit}`;
}

export interface ChartRow {
  /** YYYY-MM-DD */
  date: string;
  /** Axis label, e.g. 'Mar 5'. */
  day: string;
  value?: number | null;
  secondary?: number | null;
  min?: number | null;
  max?: number | null;
  last?: number | null;
  count?: number | null;
}

export interface ChartLine {
  key: SeriesKey;
  name: string;
}

export interface ChartModel {
  kind: 'line' | 'bar';
  /** One row per day of the period, null where the day had no data. */
  rows: ChartRow[];
  lines: ChartLine[];
  /** Numbers in the tooltip read in this metric's unit, or as a count of readings. */
  valueMetric: HealthMetric | null;
  /** The mean over days with data of the plotted figure (average mode), else null. */
  average: number | null;
  /** Days with at least one reading. */
  daysWithData: number;
}

/** Every calendar day from `from` to `to`, inclusive. */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  const end = parseISO(to);
  for (let day = parseISO(from); day <= end; day = addDays(day, 1)) {
    days.push(format(day, 'yyyy-MM-dd'));
  }
  return days;
}

function mean(values: number[]): number | null {
  return values.length === 0 ? null : values.reduce((sum, v) => sum + v, 0) / values.length;
}

/**
 * Turns one metric's days (days with data only) into the rows and lines a chart draws for the
 * chosen view mode, over every day of the period so gaps stay visible as gaps.
 */
export function shapeSeries(
  metric: HealthMetric,
  series: MetricSeries | undefined,
  period: { from: string; to: string },
  mode: ViewMode,
): ChartModel {
  const byDate = new Map((series?.days ?? []).map((point) => [point.date, point]));
  const bloodPressure = metric === 'blood_pressure';
  const counted = HEALTH_METRIC_RULES[metric].aggregation === 'sum';
  const rows = daysOf(period.from, period.to).map((date): ChartRow => {
    const point = byDate.get(date);
    const row: ChartRow = { date, day: format(parseISO(date), 'MMM d') };
    switch (mode) {
      case 'average':
        row.value = point?.value ?? null;
        if (bloodPressure) {
          row.secondary = point?.secondary_value ?? null;
        }
        return row;
      case 'level':
        row.last = point?.last_value ?? null;
        return row;
      case 'details':
        if (!counted) {
          row.min = point?.min ?? null;
        }
        row.value = point?.value ?? null;
        row.max = point?.max ?? null;
        return row;
      case 'engagement':
        row.count = point?.count ?? 0;
        return row;
    }
  });
  const figures = (series?.days ?? []).map((point) => point.value);
  return {
    kind: mode === 'engagement' || (mode === 'average' && counted) ? 'bar' : 'line',
    rows,
    lines: linesFor(metric, mode),
    valueMetric: mode === 'engagement' ? null : metric,
    average: mode === 'average' && !bloodPressure ? mean(figures) : null,
    daysWithData: series?.days.length ?? 0,
  };
}

function linesFor(metric: HealthMetric, mode: ViewMode): ChartLine[] {
  const counted = HEALTH_METRIC_RULES[metric].aggregation === 'sum';
  switch (mode) {
    case 'average':
      return metric === 'blood_pressure'
        ? [
            { key: 'value', name: 'Systolic' },
            { key: 'secondary', name: 'Diastolic' },
          ]
        : [{ key: 'value', name: counted ? 'Daily total' : 'Daily average' }];
    case 'level':
      return [
        { key: 'last', name: metric === 'blood_pressure' ? 'Last systolic' : 'Last reading' },
      ];
    case 'details':
      // A day's total is not bracketed by its single readings (hourly step counts), so for
      // counted metrics only the largest reading is worth drawing beside it.
      return counted
        ? [
            { key: 'value', name: 'Daily total' },
            { key: 'max', name: 'Largest reading' },
          ]
        : [
            { key: 'max', name: 'Highest reading' },
            { key: 'value', name: 'Daily average' },
            { key: 'min', name: 'Lowest reading' },
          ];
    case 'engagement':
      return [{ key: 'count', name: 'Readings' }];
  }
}

/** Metrics with data first (spec §3 order), then the rest, which show an empty state. */
export function orderMetrics(series: ReadonlyArray<MetricSeries>): {
  withData: HealthMetric[];
  withoutData: HealthMetric[];
} {
  const present = new Set(series.filter((s) => s.days.length > 0).map((s) => s.metric));
  return {
    withData: HEALTH_METRICS.filter((metric) => present.has(metric)),
    withoutData: HEALTH_METRICS.filter((metric) => !present.has(metric)),
  };
}

export const PERIOD_OPTIONS = [
  { value: 7, label: 'Last 7 days' },
  { value: 30, label: 'Last 30 days' },
  { value: 90, label: 'Last 90 days' },
] as const;

/** The `days` calendar days ending on `today` (local), as the chart endpoint's from/to. */
export function periodEnding(today: Date, days: number): { from: string; to: string } {
  return {
    from: format(addDays(today, -(days - 1)), 'yyyy-MM-dd'),
    to: format(today, 'yyyy-MM-dd'),
  };
}

/**
 * The value axis. Pain is a 0–10 scale: fixed, so a 2 never looks like a crisis. Other readings
 * (heart rate, SpO2) sit far from zero, so their axis spans the data plus a tenth of the
 * metric's plausible range either side, within that range: close enough to see a trend, not so
 * close that a 1% SpO2 wobble fills the chart. Totals and counts start at zero (undefined: the
 * chart's default) so bar heights compare.
 */
export function valueDomain(metric: HealthMetric, model: ChartModel): [number, number] | undefined {
  if (model.valueMetric === null) {
    return undefined;
  }
  if (metric === 'pain') {
    return [0, 10];
  }
  const rule = HEALTH_METRIC_RULES[metric];
  if (rule.aggregation === 'sum') {
    return undefined;
  }
  const values = model.rows.flatMap((row) =>
    model.lines
      .map((line) => row[line.key])
      .filter((value): value is number => typeof value === 'number'),
  );
  if (values.length === 0) {
    return undefined;
  }
  const pad = (rule.max - rule.min) / 10;
  return [
    Math.max(rule.min, Math.floor(Math.min(...values) - pad)),
    Math.min(rule.max, Math.ceil(Math.max(...values) + pad)),
  ];
}
