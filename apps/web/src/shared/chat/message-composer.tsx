import { CHAT_MESSAGE_MAX_LENGTH } from '@homestretch/contract/chat/chat-rules';
import { SendHorizontal } from 'lucide-react';
import { useId, type KeyboardEvent } from 'react';
import { cx } from '../../ui/cx';

/** The count shows from here on, so a long message is not cut short by surprise. */
export const COUNT_SHOWN_FROM = CHAT_MESSAGE_MAX_LENGTH - 500;

/** A message can go: something besides spaces, and not over the limit (after trimming). */
export function canSend(text: string): boolean {
  const length = text.trim().length;
  return length > 0 && length <= CHAT_MESSAGE_MAX_LENGTH;
}

/** Enter sends; Shift+Enter is a new line; Enter while an IME composes a word is the IME's. */
export function isSendKey(event: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'nativeEvent'>): boolean {
  return event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing;
}

export interface MessageComposerProps {
  value: string;
  onChange: (value: string) => void;
  onSend: (text: string) => void;
  /** A refusal to show above the box (a flood's 429 in the server's words). */
  notice?: string | null;
  /** The patient app's larger type. */
  large?: boolean;
  label?: string;
}

export function MessageComposer({
  value,
  onChange,
  onSend,
  notice,
  large = false,
  label = 'Message',
}: MessageComposerProps) {
  const id = useId();
  const countId = useId();
  const noticeId = useId();
  const length = value.trim().length;
  const over = length > CHAT_MESSAGE_MAX_LENGTH;
  const ready = canSend(value);

  const send = () => {
    if (ready) {
      onSend(value.trim());
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (isSendKey(event)) {
      event.preventDefault();
      send();
    }
  };

  return (
    <form
      className="flex flex-col gap-1 border-t border-line bg-surface p-3"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      {notice && (
        <p id={noticeId} role="alert" className="text-sm text-danger-700">
          {notice}
        </p>
      )}
      <div className="flex items-end gap-2">
        <label htmlFor={id} className="sr-only">
          {label}
        </label>
        <textarea
          id={id}
          rows={large ? 2 : 1}
          value={value}
          placeholder="Write a message"
          aria-describedby={
            cx(length >= COUNT_SHOWN_FROM && countId, notice && noticeId) || undefined
          }
          aria-invalid={over || undefined}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={onKeyDown}
          className={cx(
            'max-h-40 min-h-11 flex-1 resize-none rounded-control border border-line-strong bg-surface px-3 py-2 text-ink placeholder:text-ink-subtle',
            large ? 'text-lg' : 'text-base',
          )}
        />
        <button
          type="submit"
          disabled={!ready}
          aria-label="Send"
          className={cx(
            'inline-flex shrink-0 items-center justify-center rounded-control bg-brand-700 text-surface hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-40',
            large ? 'size-14' : 'size-11',
          )}
        >
          <SendHorizontal aria-hidden="true" className={large ? 'size-6' : 'size-5'} />
        </button>
      </div>
      <div className="flex justify-between gap-2 text-xs text-ink-subtle">
        {/* A phone's keyboard has no Shift+Enter to speak of: there the button sends. */}
        <span className="pointer-coarse:invisible">Enter sends · Shift+Enter for a new line</span>
        {length >= COUNT_SHOWN_FROM && (
          <span id={countId} className={cx(over && 'font-semibold text-danger-700')}>
            {length.toLocaleString('en-US')} / {CHAT_MESSAGE_MAX_LENGTH.toLocaleString('en-US')}
          </span>
        )}
      </div>
    </form>
  );
}
