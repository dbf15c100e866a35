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
import { AXIS_TICK, CHART_COLORS, GRID_STROKE, REFERENCE_STROKE } from './chart-theme';

const CHART_HEIGHT = 200;

function formatTooltipValue(model: ChartModel, value: unknown): ReactNode {
  if (typeof value !== 'number') {
    return '—';
  }
  if (model.valueMetric === null) {
    return value === 1 ? '1 reading' : `${value} readings`;
  }
  return formatMetricValue(model.valueMetric, value);
}

export interface MetricChartProps {
  metric: HealthMetric;
  model: ChartModel;
  /** Read out in place of the drawing, e.g. "Pain Level, last 30 days: 21 days with data". */
  summary: string;
}

/** One metric over the period, drawn as the view mode asks (bars for totals and counts). */
export function MetricChart({ metric, model, summary }: MetricChartProps) {
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
  const size = { width: '100%', height: CHART_HEIGHT };
  const margin = { top: 8, right: 8, bottom: 0, left: 0 };

  return (
    <figure className="m-0">
      <figcaption className="sr-only">{summary}</figcaption>
      {/* Drawn for the eye; the caption above carries the figures for screen readers. */}
      <div aria-hidden="true">
        {model.kind === 'bar' ? (
          <BarChart
            data={model.rows}
            responsive
            style={size}
            margin={margin}
            accessibilityLayer={false}
          >
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
          <LineChart
            data={model.rows}
            responsive
            style={size}
            margin={margin}
            accessibilityLayer={false}
          >
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
        )}
      </div>
    </figure>
  );
}
