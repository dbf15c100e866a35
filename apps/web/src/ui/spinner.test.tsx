import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Spinner } from './spinner';

describe('Spinner', () => {
  it('announces a loading status with its label', () => {
    render(<Spinner label="Loading patients" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading patients');
  });

  it('defaults its label to "Loading"', () => {
    render(<Spinner />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
  });

  it('is silent when decorative', () => {
    render(<Spinner decorative />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
