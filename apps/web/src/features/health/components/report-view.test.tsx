import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { patientFixture, reportFixture } from '../../../test/record-fixtures';
import { ReportView } from './report-view';

/** The figures of a metric's row, keyed by their column heading. */
function rowOf(tableName: string, metric: string): Record<string, string> {
  const table = within(screen.getByRole('region', { name: tableName })).getByRole('table');
  const headings = within(table)
    .getAllByRole('columnheader')
    .map((heading) => heading.textContent ?? '');
  const row = within(table).getByRole('rowheader', { name: metric }).closest('tr');
  const cells = [...(row?.children ?? [])].map((cell) => cell.textContent ?? '');
  return Object.fromEntries(headings.map((heading, index) => [heading, cells[index] ?? '']));
}

describe('the weekly report', () => {
  it('says of every figure whether it is a day or a single reading', () => {
    const report = reportFixture(patientFixture());
    report.metrics.push({
      metric: 'heart_rate',
      label: 'Heart Rate',
      unit: 'bpm',
      aggregation: 'average',
      days_with_data: 5,
      value: 72.4,
      min: 55,
      max: 131,
    });
    render(<ReportView report={report} timeZone="America/New_York" />);

    expect(rowOf('Daily totals of the week', 'Steps')).toEqual({
      Metric: 'Steps',
      'Days with data': '6',
      'A day on average': '5,347 steps',
      'Lowest day': '3,120 steps',
      'Highest day': '7,405 steps',
    });
    expect(rowOf('Readings of the week', 'Heart Rate')).toEqual({
      Metric: 'Heart Rate',
      'Days with data': '5',
      'Average reading': '72.4 bpm',
      'Lowest reading': '55 bpm',
      'Highest reading': '131 bpm',
    });
  });

  it('leaves out a kind of metric the week has none of', () => {
    render(<ReportView report={reportFixture(patientFixture())} timeZone="America/New_York" />);
    expect(screen.getByRole('region', { name: 'Daily totals of the week' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Readings of the week' })).not.toBeInTheDocument();
  });
});
