import type { FunctionalDataType } from '@homestretch/contract/health/functional-data';
import { format, parseISO } from 'date-fns';
import { CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import {
  AXIS_TICK,
  CHART_COLORS,
  GRID_STROKE,
  MEASURE_CHART_HEIGHT,
} from '../../../ui/chart-theme';
import { withUnit } from './functional-entries';

/** A measure's entries over time, loaded on its own with recharts (functional-data.tsx). */
export default function MeasureChartDrawing({ measure }: { measure: FunctionalDataType }) {
  const rows = measure.entries.map((entry) => ({
    day: format(parseISO(entry.date), 'MMM d'),
    value: entry.value,
  }));
  return (
    <LineChart
      data={rows}
      responsive
      style={{ width: '100%', height: MEASURE_CHART_HEIGHT }}
      margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
      accessibilityLayer={false}
    >
      <CartesianGrid stroke={GRID_STROKE} strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey="day" tick={AXIS_TICK} tickLine={false} minTickGap={24} />
      <YAxis tick={AXIS_TICK} tickLine={false} axisLine={false} width={48} />
      <Tooltip
        formatter={(v) => [typeof v === 'number' ? withUnit(v, measure.unit) : '—', measure.name]}
        contentStyle={{ borderRadius: 8, borderColor: GRID_STROKE, fontSize: 13 }}
      />
      <Line
        type="monotone"
        dataKey="value"
        stroke={CHART_COLORS.value}
        strokeWidth={2}
        dot={{ r: 3, fill: CHART_COLORS.value }}
        isAnimationActive={false}
      />
    </LineChart>
  );
}
