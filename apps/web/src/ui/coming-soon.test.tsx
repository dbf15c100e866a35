import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ComingSoon } from './coming-soon';

describe('ComingSoon', () => {
  it('names the screen and says honestly that it is not built yet', () => {
    render(<ComingSoon screen="Balances dashboard" description="Billing units by month." />);
    const region = screen.getByRole('region', { name: 'Balances dashboard' });
    expect(region).toHaveTextContent('This screen arrives in a later release.');
    expect(region).toHaveTextContent('Billing units by month.');
  });

  it('shows no table, list or figures that could pass for real data', () => {
    const { container } = render(<ComingSoon screen="Referral program" />);
    expect(container.querySelector('table, ul, ol')).toBeNull();
    expect(container.textContent).not.toMatch(/\d/);
  });
});
