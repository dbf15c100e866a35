/** The series a chart draws (a metric's value, its range, a count); each has its colour. */
export type SeriesKey = 'value' | 'secondary' | 'min' | 'max' | 'last' | 'count';

/*
 * Recharts writes colours into SVG attributes, where CSS variables are not reliably resolved,
 * so the design tokens of styles/app.css are repeated here as hex values.
 */
export const CHART_COLORS: Record<SeriesKey, string> = {
  value: '#0f766e', // brand-700
  last: '#0f766e',
  count: '#0d9488', // brand-600
  secondary: '#1d4ed8', // info-700
  max: '#a16207', // warning-700
  min: '#475569', // ink-muted
};

export const AXIS_TICK = { fontSize: 12, fill: '#475569' } as const;
export const GRID_STROKE = '#e2e8f0';
export const REFERENCE_STROKE = '#64748b';

/** Heights of the drawings, known before their code loads so their place is kept. */
export const METRIC_CHART_HEIGHT = 200;
export const MEASURE_CHART_HEIGHT = 160;
