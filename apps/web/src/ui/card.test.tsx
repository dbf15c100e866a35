import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Card } from './card';

describe('Card', () => {
  it('is a region named by its title', () => {
    render(
      <Card title="Billing units" actions={<button type="button">Export</button>}>
        body
      </Card>,
    );
    const region = screen.getByRole('region', { name: 'Billing units' });
    expect(region).toHaveTextContent('body');
    expect(region).toContainElement(screen.getByRole('button', { name: 'Export' }));
  });

  it('renders without a header when untitled', () => {
    const { container } = render(<Card>plain</Card>);
    expect(container.querySelector('header')).toBeNull();
    expect(container.firstChild).toHaveClass('rounded-card', 'bg-surface', 'shadow-card');
  });
});
