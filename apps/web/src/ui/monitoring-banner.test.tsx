import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { formatElapsed, MonitoringBanner, shortName } from './monitoring-banner';

const ana = { firstName: 'Ana', lastName: 'lopez', elapsedSeconds: 247 };

describe('MonitoringBanner (spec §2)', () => {
  it('names the patient by first name and last initial with minutes and seconds', () => {
    render(<MonitoringBanner patient={ana} />);
    expect(screen.getByRole('status')).toHaveTextContent('Monitoring Ana L.');
    expect(screen.getByRole('timer', { name: 'Time monitored' })).toHaveTextContent('04:07');
    expect(screen.getByTestId('monitoring-banner')).toHaveAttribute('data-mode', 'normal');
    expect(screen.queryByRole('button', { name: 'View List' })).not.toBeInTheDocument();
    expect(screen.queryByText(/out of/)).not.toBeInTheDocument();
  });

  it('keeps the seconds out of the live region, so they are not announced every second', () => {
    render(<MonitoringBanner patient={ana} />);
    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).not.toContainElement(screen.getByRole('timer'));
    expect(screen.getByRole('timer')).toHaveAttribute('aria-live', 'off');
  });

  it('in priority mode turns yellow, says out of N mins and opens the list', async () => {
    const onViewList = vi.fn();
    render(<MonitoringBanner patient={ana} priority={{ remainingMinutes: 12, onViewList }} />);
    const banner = screen.getByTestId('monitoring-banner');
    expect(banner).toHaveAttribute('data-mode', 'priority');
    expect(banner).toHaveClass('bg-warning-100');
    expect(screen.getByRole('timer').parentElement).toHaveTextContent('04:07 out of 12 mins');
    expect(screen.getByRole('status')).toHaveTextContent('Monitoring Ana L., out of 12 mins');
    await userEvent.click(screen.getByRole('button', { name: 'View List' }));
    expect(onViewList).toHaveBeenCalledTimes(1);
  });

  it('in priority mode between patients shows the mode and the list, no timer', () => {
    render(
      <MonitoringBanner
        patient={null}
        priority={{ remainingMinutes: null, onViewList: vi.fn() }}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Priority monitoring');
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'View List' })).toBeInTheDocument();
  });
});

describe('the banner’s words', () => {
  it('shortens the name to first name and last initial', () => {
    expect(shortName('Ana', 'lopez')).toBe('Ana L.');
    expect(shortName(' Ana ', '')).toBe('Ana');
  });

  it('shows minutes and seconds, minutes past the hour included', () => {
    expect(formatElapsed(0)).toBe('00:00');
    expect(formatElapsed(247)).toBe('04:07');
    expect(formatElapsed(4500)).toBe('75:00');
  });
});
