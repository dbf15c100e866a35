import { CHAT_MESSAGE_MAX_LENGTH } from '@homestretch/contract/chat/chat-rules';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { canSend, MessageComposer } from './message-composer';

function Composer({ onSend, initial = '' }: { onSend: (text: string) => void; initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <MessageComposer
      value={value}
      onChange={setValue}
      onSend={(text) => {
        onSend(text);
        setValue('');
      }}
    />
  );
}

describe('the message composer', () => {
  it('sends with Enter, trimmed, and starts a new line with Shift+Enter', async () => {
    const onSend = vi.fn();
    const user = userEvent.setup();
    render(<Composer onSend={onSend} />);
    const box = screen.getByRole('textbox', { name: 'Message' });
    await user.type(box, '  First line{Shift>}{Enter}{/Shift}second line  ');
    expect(box).toHaveValue('  First line\nsecond line  ');
    expect(onSend).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledWith('First line\nsecond line');
    expect(box).toHaveValue('');
  });

  it('cannot send an empty or blank message', async () => {
    const onSend = vi.fn();
    const user = userEvent.setup();
    render(<Composer onSend={onSend} />);
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), '   {Enter}');
    expect(onSend).not.toHaveBeenCalled();
    expect(send).toBeDisabled();
  });

  it('leaves Enter to an input method composing a word', () => {
    const onSend = vi.fn();
    render(<Composer onSend={onSend} initial="こんにちは" />);
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Message' }), {
      key: 'Enter',
      isComposing: true,
    });
    expect(onSend).not.toHaveBeenCalled();
  });

  it('counts characters near the limit and refuses a message over it', () => {
    const onSend = vi.fn();
    const { unmount } = render(<Composer onSend={onSend} initial={'a'.repeat(3_400)} />);
    expect(screen.queryByText(/\/ 4,000/)).not.toBeInTheDocument();
    unmount();

    render(<Composer onSend={onSend} initial={'a'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1)} />);
    expect(screen.getByText('4,001 / 4,000')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  it('shows a refusal above the box', () => {
    render(
      <MessageComposer value="" onChange={vi.fn()} onSend={vi.fn()} notice="Slow down a little" />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Slow down a little');
  });
});

describe('a message can go', () => {
  it('with text, up to the limit', () => {
    expect(canSend('hi')).toBe(true);
    expect(canSend(' \n ')).toBe(false);
    expect(canSend('a'.repeat(CHAT_MESSAGE_MAX_LENGTH))).toBe(true);
    expect(canSend(`  ${'a'.repeat(CHAT_MESSAGE_MAX_LENGTH)}  `)).toBe(true);
    expect(canSend('a'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1))).toBe(false);
  });
});
