import { render, screen } from '@testing-library/react';
import { Users } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { EmptyState } from './empty-state';

describe('EmptyState', () => {
  it('shows title, description, icon and action', () => {
    const { container } = render(
      <EmptyState
        icon={Users}
        title="No patients yet"
        description="Register a patient to get started."
        action={<button type="button">Register patient</button>}
      />,
    );
    expect(screen.getByRole('heading', { name: 'No patients yet' })).toBeInTheDocument();
    expect(screen.getByText('Register a patient to get started.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Register patient' })).toBeInTheDocument();
    expect(container.querySelector('svg.lucide-users')).toHaveAttribute('aria-hidden', 'true');
  });

  it('needs only a title', () => {
    render(<EmptyState title="Nothing here" />);
    expect(screen.getByRole('heading', { name: 'Nothing here' })).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
