import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TextField } from './text-field';

describe('TextField', () => {
  it('labels the input', async () => {
    const onChange = vi.fn();
    render(<TextField label="Email" type="email" onChange={onChange} />);
    const input = screen.getByLabelText('Email');
    expect(input).toHaveAttribute('type', 'email');
    await userEvent.type(input, 'a');
    expect(onChange).toHaveBeenCalled();
  });

  it('links hint and error to the input and marks it invalid', () => {
    render(<TextField label="Phone" hint="Digits only" error="Phone is required" />);
    const input = screen.getByLabelText('Phone');
    expect(input).toHaveAccessibleDescription('Digits only Phone is required');
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });

  it('is not described or invalid without hint or error', () => {
    render(<TextField label="Name" />);
    const input = screen.getByLabelText('Name');
    expect(input).not.toHaveAttribute('aria-describedby');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('generates distinct ids for two fields with the same label', () => {
    render(
      <>
        <TextField label="Note" />
        <TextField label="Note" />
      </>,
    );
    const [a, b] = screen.getAllByLabelText('Note');
    expect(a?.id).toBeTruthy();
    expect(a?.id).not.toBe(b?.id);
  });
});
