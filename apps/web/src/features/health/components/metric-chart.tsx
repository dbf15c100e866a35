import type { HealthMetric } from '@homestretch/contract/common/enums';
import { lazy } from 'react';
import type { ChartModel } from './chart-series';
import { METRIC_CHART_HEIGHT } from '../../../ui/chart-theme';
import { ChartSlot } from '../../../ui/chart-slot';

// recharts (about 140 KB gzip) loads with the first chart, not with the dashboard.
const MetricChartDrawing = lazy(() => import('./metric-chart-drawing'));

export interface MetricChartProps {
  metric: HealthMetric;
  model: ChartModel;
  /** Read out in place of the drawing, e.g. "Pain Level, last 30 days: 21 days with data". */
  summary: string;
}

/** One metric over the period: its figures for screen readers, its drawing for the eye. */
export function MetricChart({ metric, model, summary }: MetricChartProps) {
  return (
    <figure className="m-0">
      <figcaption className="sr-only">{summary}</figcaption>
      <div aria-hidden="true">
        <ChartSlot height={METRIC_CHART_HEIGHT}>
          <MetricChartDrawing metric={metric} model={model} />
        </ChartSlot>
      </div>
    </figure>
  );
}
