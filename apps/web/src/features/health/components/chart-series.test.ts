import type { DailyPoint, MetricSeries } from '@homestretch/contract/health/metrics';
import { describe, expect, it } from 'vitest';
import {
  daysOf,
  formatMetricValue,
  metricValueField,
  orderMetrics,
  periodEnding,
  shapeSeries,
  valueDomain,
} from './chart-series';

function point(date: string, value: number, extra: Partial<DailyPoint> = {}): DailyPoint {
  return {
    date,
    value,
    min: value,
    max: value,
    count: 1,
    last_value: value,
    secondary_value: null,
    ...extra,
  };
}

function series(metric: MetricSeries['metric'], days: DailyPoint[]): MetricSeries {
  return { metric, label: metric, unit: '', aggregation: 'average', days };
}

const week = { from: '2026-03-02', to: '2026-03-04' };

describe('metricValueField', () => {
  it('reads each metric from the field spec §3 names', () => {
    expect(metricValueField('steps')).toBe('steps');
    expect(metricValueField('pain')).toBe('level');
    expect(metricValueField('engagement')).toBe('minutes');
    expect(metricValueField('heart_rate')).toBe('value');
    expect(metricValueField('blood_pressure')).toBe('systolic');
  });
});

describe('formatMetricValue', () => {
  it('shows counts whole and readings with one decimal, in their units', () => {
    expect(formatMetricValue('steps', 6234.4)).toBe('6,234 steps');
    expect(formatMetricValue('pain', 4.25)).toBe('4.3/10');
    expect(formatMetricValue('heart_rate', 72)).toBe('72 bpm');
    expect(formatMetricValue('blood_oxygen', 97.46)).toBe('97.5%');
    expect(formatMetricValue('distance', 3.21)).toBe('3.2 km');
  });
});

describe('shapeSeries', () => {
  it('average: one row per day, nulls on days without data, and the mean of days with data', () => {
    const pain = series('pain', [point('2026-03-02', 4), point('2026-03-04', 7)]);
    const model = shapeSeries('pain', pain, week, 'average');
    expect(model.kind).toBe('line');
    expect(model.rows).toEqual([
      { date: '2026-03-02', day: 'Mar 2', value: 4 },
      { date: '2026-03-03', day: 'Mar 3', value: null },
      { date: '2026-03-04', day: 'Mar 4', value: 7 },
    ]);
    expect(model.lines).toEqual([{ key: 'value', name: 'Daily average' }]);
    expect(model.average).toBe(5.5);
    expect(model.daysWithData).toBe(2);
  });

  it('average: counted metrics are bars of daily totals', () => {
    const steps = series('steps', [point('2026-03-03', 5000), point('2026-03-04', 7000)]);
    const model = shapeSeries('steps', steps, week, 'average');
    expect(model.kind).toBe('bar');
    expect(model.lines).toEqual([{ key: 'value', name: 'Daily total' }]);
    expect(model.average).toBe(6000);
  });

  it('average: blood pressure draws systolic and diastolic, no single mean', () => {
    const bp = series('blood_pressure', [point('2026-03-02', 128, { secondary_value: 82 })]);
    const model = shapeSeries('blood_pressure', bp, week, 'average');
    expect(model.rows[0]).toEqual({ date: '2026-03-02', day: 'Mar 2', value: 128, secondary: 82 });
    expect(model.lines.map((line) => line.name)).toEqual(['Systolic', 'Diastolic']);
    expect(model.average).toBeNull();
  });

  it("level: each day's last reading", () => {
    const pain = series('pain', [point('2026-03-02', 4.5, { last_value: 3 })]);
    const model = shapeSeries('pain', pain, week, 'level');
    expect(model.rows.map((row) => row.last)).toEqual([3, null, null]);
    expect(model.average).toBeNull();
  });

  it('details: low, figure and high for readings; total and largest reading for counts', () => {
    const hr = series('heart_rate', [point('2026-03-02', 70, { min: 58, max: 121 })]);
    expect(shapeSeries('heart_rate', hr, week, 'details').rows[0]).toEqual({
      date: '2026-03-02',
      day: 'Mar 2',
      min: 58,
      value: 70,
      max: 121,
    });
    const steps = series('steps', [point('2026-03-02', 6400, { min: 20, max: 2100 })]);
    const model = shapeSeries('steps', steps, week, 'details');
    expect(model.rows[0]).toEqual({ date: '2026-03-02', day: 'Mar 2', value: 6400, max: 2100 });
    expect(model.lines.map((line) => line.key)).toEqual(['value', 'max']);
  });

  it('engagement: readings per day as bars, zero on empty days', () => {
    const pain = series('pain', [point('2026-03-03', 4, { count: 3 })]);
    const model = shapeSeries('pain', pain, week, 'engagement');
    expect(model.kind).toBe('bar');
    expect(model.rows.map((row) => row.count)).toEqual([0, 3, 0]);
    expect(model.valueMetric).toBeNull();
  });

  it('no series: every day empty', () => {
    const model = shapeSeries('sleep', undefined, week, 'average');
    expect(model.rows.map((row) => row.value)).toEqual([null, null, null]);
    expect(model.daysWithData).toBe(0);
    expect(model.average).toBeNull();
  });
});

describe('periods', () => {
  it('lists every day inclusive, across a month end', () => {
    expect(daysOf('2026-02-27', '2026-03-02')).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
  });

  it('ends the period today and counts today as one of its days', () => {
    expect(periodEnding(new Date(2026, 2, 30, 15), 7)).toEqual({
      from: '2026-03-24',
      to: '2026-03-30',
    });
    expect(periodEnding(new Date(2026, 2, 30), 30).from).toBe('2026-03-01');
  });

  it('orders metrics with data first, in spec §3 order, then the rest', () => {
    const { withData, withoutData } = orderMetrics([
      series('steps', [point('2026-03-02', 1)]),
      series('pain', [point('2026-03-02', 1)]),
    ]);
    expect(withData).toEqual(['pain', 'steps']);
    expect(withoutData).toHaveLength(15);
    expect(withoutData[0]).toBe('engagement');
  });
});

describe('valueDomain', () => {
  it('fixes pain to 0–10', () => {
    const pain = series('pain', [point('2026-03-02', 4)]);
    expect(valueDomain('pain', shapeSeries('pain', pain, week, 'average'))).toEqual([0, 10]);
  });

  it('pads readings by a tenth of their plausible range, inside that range', () => {
    const spo2 = series('blood_oxygen', [point('2026-03-02', 95), point('2026-03-03', 98.8)]);
    // SpO2 range 50–100: pad 5, so 90 to 103.8 capped at 100.
    expect(valueDomain('blood_oxygen', shapeSeries('blood_oxygen', spo2, week, 'average'))).toEqual(
      [90, 100],
    );
    const hr = series('heart_rate', [point('2026-03-02', 66, { min: 58, max: 121 })]);
    // Heart rate range 20–250: pad 23; details mode spans the lowest and highest readings.
    expect(valueDomain('heart_rate', shapeSeries('heart_rate', hr, week, 'details'))).toEqual([
      35, 144,
    ]);
  });

  it('leaves totals and reading counts to start at zero', () => {
    const steps = series('steps', [point('2026-03-02', 5000)]);
    expect(valueDomain('steps', shapeSeries('steps', steps, week, 'average'))).toBeUndefined();
    const hr = series('heart_rate', [point('2026-03-02', 70)]);
    expect(valueDomain('heart_rate', shapeSeries('heart_rate', hr, week, 'engagement'))).toBe(
      undefined,
    );
  });
});
