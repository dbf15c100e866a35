import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ErrorState } from './error-state';

describe('ErrorState', () => {
  it('announces the message and retries on request', async () => {
    const onRetry = vi.fn();
    render(<ErrorState message="We could not load the patients." onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('We could not load the patients.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('has no retry button without onRetry', () => {
    render(<ErrorState message="Failed" />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('blocks a second retry while one is running', () => {
    render(<ErrorState message="Failed" onRetry={() => {}} retrying />);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeDisabled();
  });
});
