import type { HealthMetric } from '@homestretch/contract/common/enums';
import { HEALTH_METRIC_RULES } from '@homestretch/contract/health/metrics';
import type { ReactNode } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ReferenceLine,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { type ChartModel, formatMetricValue, valueDomain } from './chart-series';
import { AXIS_TICK, CHART_COLORS, GRID_STROKE, REFERENCE_STROKE } from '../../../ui/chart-theme';

import { METRIC_CHART_HEIGHT } from '../../../ui/chart-theme';

function formatTooltipValue(model: ChartModel, value: unknown): ReactNode {
  if (typeof value !== 'number') {
    return '—';
  }
  if (model.valueMetric === null) {
    return value === 1 ? '1 reading' : `${value} readings`;
  }
  return formatMetricValue(model.valueMetric, value);
}

export interface MetricChartDrawingProps {
  metric: HealthMetric;
  model: ChartModel;
}

/**
 * One metric over the period, drawn as the view mode asks (bars for totals and counts). Loaded
 * on its own (metric-chart.tsx), with recharts, once a chart is on the screen.
 */
export default function MetricChartDrawing({ metric, model }: MetricChartDrawingProps) {
  const domain = valueDomain(metric, model);
  const tooltip = (
    <Tooltip
      formatter={(value, name) => [formatTooltipValue(model, value), name]}
      labelFormatter={(label) => String(label)}
      contentStyle={{ borderRadius: 8, borderColor: GRID_STROKE, fontSize: 13 }}
    />
  );
  const axes = (
    <>
      <CartesianGrid stroke={GRID_STROKE} strokeDasharray="3 3" vertical={false} />
      <XAxis
        dataKey="day"
        tick={AXIS_TICK}
        tickLine={false}
        axisLine={{ stroke: GRID_STROKE }}
        minTickGap={24}
        interval="preserveStartEnd"
      />
      <YAxis
        tick={AXIS_TICK}
        tickLine={false}
        axisLine={false}
        width={48}
        domain={domain}
        allowDecimals={model.valueMetric === null ? false : !HEALTH_METRIC_RULES[metric].integer}
      />
      {tooltip}
      {model.lines.length > 1 && <Legend wrapperStyle={{ fontSize: 12 }} iconSize={10} />}
      {model.average !== null && (
        <ReferenceLine
          y={model.average}
          stroke={REFERENCE_STROKE}
          strokeDasharray="4 4"
          ifOverflow="extendDomain"
        />
      )}
    </>
  );
  const size = { width: '100%', height: METRIC_CHART_HEIGHT };
  const margin = { top: 8, right: 8, bottom: 0, left: 0 };

  return model.kind === 'bar' ? (
    <BarChart data={model.rows} responsive style={size} margin={margin} accessibilityLayer={false}>
      {axes}
      {model.lines.map((line) => (
        <Bar
          key={line.key}
          dataKey={line.key}
          name={line.name}
          fill={CHART_COLORS[line.key]}
          radius={[3, 3, 0, 0]}
          maxBarSize={24}
          isAnimationActive={false}
        />
      ))}
    </BarChart>
  ) : (
    <LineChart data={model.rows} responsive style={size} margin={margin} accessibilityLayer={false}>
      {axes}
      {model.lines.map((line) => (
        <Line
          key={line.key}
          type="monotone"
          dataKey={line.key}
          name={line.name}
          stroke={CHART_COLORS[line.key]}
          strokeWidth={line.key === 'value' || line.key === 'last' ? 2 : 1.5}
          dot={{ r: 2.5, fill: CHART_COLORS[line.key] }}
          activeDot={{ r: 4 }}
          isAnimationActive={false}
        />
      ))}
    </LineChart>
  );
}
