import type { BillingChart } from '@homestretch/contract/billing/billing-chart';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, Tooltip, XAxis, YAxis } from 'recharts';
import { AXIS_TICK, CHART_COLORS, GRID_STROKE, METRIC_CHART_HEIGHT } from '../../../ui/chart-theme';
import { formatUsd } from './billing-format';
import { chartRows } from './billing-chart-rows';

const WHOLE_USD = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});

/**
 * The year's expected dollars (bars) and billing units (line) month by month. Loaded on its own
 * with recharts, like the health charts, once the chart is on the screen (billing-chart.tsx).
 */
export default function BillingChartDrawing({ chart }: { chart: BillingChart }) {
  return (
    <ComposedChart
      data={chartRows(chart)}
      responsive
      style={{ width: '100%', height: METRIC_CHART_HEIGHT }}
      margin={{ top: 8, right: 0, bottom: 0, left: 0 }}
      accessibilityLayer={false}
    >
      <CartesianGrid stroke={GRID_STROKE} strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey="label" tick={AXIS_TICK} tickLine={false} axisLine={{ stroke: GRID_STROKE }} />
      <YAxis
        yAxisId="amount"
        tick={AXIS_TICK}
        tickLine={false}
        axisLine={false}
        width={56}
        tickFormatter={(value: number) => WHOLE_USD.format(value)}
      />
      <YAxis
        yAxisId="units"
        orientation="right"
        tick={AXIS_TICK}
        tickLine={false}
        axisLine={false}
        width={36}
        allowDecimals={false}
      />
      <Tooltip
        formatter={(value, name) => [
          typeof value !== 'number' ? '—' : name === 'Expected' ? formatUsd(value) : value,
          name,
        ]}
        contentStyle={{ borderRadius: 8, borderColor: GRID_STROKE, fontSize: 13 }}
      />
      <Legend wrapperStyle={{ fontSize: 12 }} iconSize={10} />
      <Bar
        yAxisId="amount"
        dataKey="amount"
        name="Expected"
        fill={CHART_COLORS.count}
        radius={[3, 3, 0, 0]}
        maxBarSize={28}
        isAnimationActive={false}
      />
      <Line
        yAxisId="units"
        dataKey="units"
        name="Units"
        type="monotone"
        stroke={CHART_COLORS.secondary}
        strokeWidth={2}
        dot={{ r: 2.5, fill: CHART_COLORS.secondary }}
        connectNulls={false}
        isAnimationActive={false}
      />
    </ComposedChart>
  );
}
