import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DataDays } from './data-days';

describe('DataDays', () => {
  it('says an episode without a day of data has none yet, not that the patient is not onboarded', () => {
    render(<DataDays interval={null} />);
    expect(screen.getByText('No data in this episode yet')).toBeInTheDocument();
  });

  it('counts the days of the interval toward 16', () => {
    render(
      <DataDays interval={{ number: 1, start: '2026-11-01', end: '2026-11-30', data_days: 8 }} />,
    );
    expect(screen.getByText('8 of 16')).toBeInTheDocument();
  });
});
