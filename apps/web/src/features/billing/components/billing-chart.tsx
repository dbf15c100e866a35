import { lazy } from 'react';
import { errorMessage } from '../../../lib/error-messages';
import { Card } from '../../../ui/card';
import { ErrorState } from '../../../ui/error-state';
import { METRIC_CHART_HEIGHT } from '../../../ui/chart-theme';
import { ChartSlot } from '../../../ui/chart-slot';
import { useBillingChart } from '../api/get-billing-chart';
import { chartSummary } from './billing-chart-rows';

// recharts (about 140 KB gzip) loads with the chart, not with the balances screen.
const BillingChartDrawing = lazy(() => import('./billing-chart-drawing'));

/** The yearly billing chart (spec §3): the picked month's year, up to the picked month. */
export function BillingYearChart({ year, currentMonth }: { year: number; currentMonth: number }) {
  const chart = useBillingChart(year, currentMonth);
  return (
    <Card title={`${year} by month`}>
      {chart.isError ? (
        <ErrorState
          message={errorMessage(chart.error)}
          onRetry={() => void chart.refetch()}
          retrying={chart.isFetching}
        />
      ) : !chart.data ? (
        <div
          className="animate-pulse rounded-control bg-canvas"
          style={{ height: METRIC_CHART_HEIGHT }}
        />
      ) : (
        <figure className="m-0">
          <figcaption className="sr-only">{chartSummary(chart.data)}</figcaption>
          <div aria-hidden="true">
            <ChartSlot height={METRIC_CHART_HEIGHT}>
              <BillingChartDrawing chart={chart.data} />
            </ChartSlot>
          </div>
        </figure>
      )}
    </Card>
  );
}
