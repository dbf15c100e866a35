import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Tabs } from './tabs';

type Fruit = 'apple' | 'pear' | 'plum';

function Fruits({ initial = 'apple' }: { initial?: Fruit }) {
  const [fruit, setFruit] = useState<Fruit>(initial);
  return (
    <Tabs
      label="Fruit"
      tabs={[
        { value: 'apple', label: 'Apple' },
        { value: 'pear', label: 'Pear' },
        { value: 'plum', label: 'Plum' },
      ]}
      selected={fruit}
      onSelect={setFruit}
    >
      <p>About {fruit}</p>
    </Tabs>
  );
}

function selectedTab() {
  return screen.getAllByRole('tab').find((tab) => tab.getAttribute('aria-selected') === 'true');
}

describe('Tabs (WAI-ARIA tabs, automatic activation)', () => {
  it('names the list, ties the panel to the selected tab and keeps one tab stop', () => {
    render(<Fruits initial="pear" />);
    expect(screen.getByRole('tablist', { name: 'Fruit' })).toBeInTheDocument();
    const pear = screen.getByRole('tab', { name: 'Pear' });
    expect(pear).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Pear' })).toHaveTextContent('About pear');
    expect(screen.getAllByRole('tab').map((tab) => tab.tabIndex)).toEqual([-1, 0, -1]);
  });

  it('moves and selects with the arrow keys (wrapping), Home and End; Tab leaves the list', async () => {
    const user = userEvent.setup();
    render(<Fruits />);
    await user.tab();
    expect(screen.getByRole('tab', { name: 'Apple' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Pear' })).toHaveFocus();
    expect(selectedTab()).toHaveTextContent('Pear');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('About pear');
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Apple' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(selectedTab()).toHaveTextContent('Plum');
    await user.keyboard('{Home}');
    expect(selectedTab()).toHaveTextContent('Apple');
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Plum' })).toHaveFocus();
    await user.tab();
    expect(document.body).toHaveFocus();
  });

  it('selects a tab pressed', async () => {
    const user = userEvent.setup();
    render(<Fruits />);
    await user.click(screen.getByRole('tab', { name: 'Plum' }));
    expect(selectedTab()).toHaveTextContent('Plum');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('About plum');
  });
});
