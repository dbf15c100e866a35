import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Dropdown, dropdownButtonLabel, type DropdownOption } from './dropdown';

const ROLES: DropdownOption<string>[] = [
  { value: 'therapist', label: 'Staff Therapist' },
  { value: 'manager', label: 'Office Manager' },
  { value: 'remote_therapist', label: 'Remote PT' },
  { value: 'supervisor', label: 'Remote Supervisor' },
];

function trigger() {
  return screen.getByRole('button', { name: /^Role / });
}

describe('dropdownButtonLabel', () => {
  it("reads 'Please select' when nothing is selected (spec §9)", () => {
    expect(dropdownButtonLabel(ROLES, undefined)).toBe('Please select');
  });

  it('shows the selected label, or the initial label for an unknown value', () => {
    expect(dropdownButtonLabel(ROLES, 'manager')).toBe('Office Manager');
    expect(dropdownButtonLabel(ROLES, 'admin', 'Choose a role')).toBe('Choose a role');
  });
});

describe('Dropdown', () => {
  it("starts with no selection and the 'Please select' label, closed", () => {
    render(<Dropdown label="Role" options={ROLES} />);
    expect(trigger()).toHaveTextContent('Please select');
    expect(trigger()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('uses a custom initial label and a selected value', () => {
    const { rerender } = render(
      <Dropdown label="Role" options={ROLES} initialLabel="Choose a role" />,
    );
    expect(trigger()).toHaveTextContent('Choose a role');
    rerender(
      <Dropdown label="Role" options={ROLES} initialLabel="Choose a role" value="manager" />,
    );
    expect(trigger()).toHaveTextContent('Office Manager');
  });

  it('adds the extra button class', () => {
    render(<Dropdown label="Role" options={ROLES} buttonClassName="w-64" />);
    expect(trigger()).toHaveClass('w-64');
  });

  it('opens on load when asked, without taking focus', () => {
    render(<Dropdown label="Role" options={ROLES} openOnLoad />);
    expect(screen.getByRole('listbox', { name: 'Role' })).toBeInTheDocument();
    expect(trigger()).toHaveAttribute('aria-expanded', 'true');
    expect(document.body).toHaveFocus();
  });

  it("emits the chosen option's value on click and shows its label", async () => {
    const onChange = vi.fn();
    render(<Dropdown label="Role" options={ROLES} onChange={onChange} />);
    await userEvent.click(trigger());
    await userEvent.click(screen.getByRole('option', { name: 'Remote PT' }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith('remote_therapist');
    expect(trigger()).toHaveTextContent('Remote PT');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('limits the open list to 275 px and lets it scroll (spec §2, §9)', async () => {
    render(<Dropdown label="Role" options={ROLES} />);
    await userEvent.click(trigger());
    expect(screen.getByRole('listbox')).toHaveStyle({ maxHeight: '275px', overflowY: 'auto' });
  });

  it('marks the selected option', async () => {
    render(<Dropdown label="Role" options={ROLES} value="supervisor" />);
    await userEvent.click(trigger());
    expect(screen.getByRole('option', { name: 'Remote Supervisor' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('option', { name: 'Staff Therapist' })).toHaveAttribute(
      'aria-selected',
      'false',
    );
  });

  it('is usable with the keyboard: arrows, Home, End, Enter', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Dropdown label="Role" options={ROLES} onChange={onChange} />);
    trigger().focus();
    await user.keyboard('{ArrowDown}');
    const list = screen.getByRole('listbox');
    expect(list).toHaveFocus();
    const active = () =>
      document.getElementById(list.getAttribute('aria-activedescendant') ?? '')?.textContent;
    expect(active()).toBe('Staff Therapist');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(active()).toBe('Remote PT');
    await user.keyboard('{End}');
    expect(active()).toBe('Remote Supervisor');
    await user.keyboard('{Home}{ArrowDown}');
    expect(active()).toBe('Office Manager');
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledExactlyOnceWith('manager');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(trigger()).toHaveFocus();
  });

  it('selects with Space and opens at the current selection', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Dropdown label="Role" options={ROLES} value="remote_therapist" onChange={onChange} />);
    trigger().focus();
    await user.keyboard('{Enter}');
    const list = screen.getByRole('listbox');
    expect(list).toHaveAttribute(
      'aria-activedescendant',
      screen.getByRole('option', { name: 'Remote PT' }).id,
    );
    await user.keyboard('{ArrowUp}[Space]');
    expect(onChange).toHaveBeenCalledExactlyOnceWith('manager');
  });

  it('closes on Escape without choosing and returns focus to the button', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Dropdown label="Role" options={ROLES} onChange={onChange} />);
    await user.click(trigger());
    await user.keyboard('{ArrowDown}{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(trigger()).toHaveFocus();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('closes on a click outside', async () => {
    render(
      <>
        <p>Elsewhere</p>
        <Dropdown label="Role" options={ROLES} openOnLoad />
      </>,
    );
    await userEvent.click(screen.getByText('Elsewhere'));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('toggles open and closed with its button', async () => {
    render(<Dropdown label="Role" options={ROLES} />);
    await userEvent.click(trigger());
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    await userEvent.click(trigger());
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('emits numeric values unchanged', async () => {
    const onChange = vi.fn();
    render(
      <Dropdown
        label="Weeks ago"
        options={[
          { value: 1, label: 'Last week' },
          { value: 2, label: 'Two weeks ago' },
        ]}
        onChange={onChange}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: /Weeks ago/ }));
    await userEvent.click(screen.getByRole('option', { name: 'Two weeks ago' }));
    expect(onChange).toHaveBeenCalledWith(2);
  });
});
