import { DEFAULT_TOOLTIP_MESSAGE, TOOLTIP_HIDE_MS } from '@homestretch/contract/common/constants';
import {
  cloneElement,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type HTMLAttributes,
  type ReactElement,
} from 'react';
import { cx } from './cx';
import { useFloating, useLayer } from './popover';

type TriggerProps = HTMLAttributes<HTMLElement>;

export interface TooltipProps {
  /** Spec §2: defaults to 'Only therapists are allowed to enter the patient page.' */
  message?: string;
  /**
   * One focusable element (a button or link). Note that a `disabled` button fires no mouse
   * events; use aria-disabled on the trigger when the tooltip explains why it is unavailable.
   */
  children: ReactElement<TriggerProps>;
  placement?: 'top' | 'bottom';
  className?: string;
}

export function Tooltip({
  message = DEFAULT_TOOLTIP_MESSAGE,
  children,
  placement = 'top',
  className,
}: TooltipProps) {
  const tooltipId = useId();
  const [open, setOpen] = useState(false);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const anchorRef = useRef<HTMLSpanElement>(null);
  const tooltipRef = useRef<HTMLSpanElement>(null);

  const hide = useCallback(() => {
    clearTimeout(hideTimer.current);
    setOpen(false);
  }, []);

  // Spec §9: the tooltip hides 2 s after it is shown. Each new hover, focus or tap restarts the
  // count. Click is a trigger too, because touch screens have no hover.
  const show = useCallback(() => {
    clearTimeout(hideTimer.current);
    setOpen(true);
    hideTimer.current = setTimeout(() => setOpen(false), TOOLTIP_HIDE_MS);
  }, []);

  useEffect(() => () => clearTimeout(hideTimer.current), []);
  // WCAG 1.4.13: extra content must be dismissable without moving focus; as the innermost
  // layer, so Escape hides the tooltip and not the dialog it sits in.
  useLayer(open, hide);
  useFloating(open, anchorRef, tooltipRef, { side: placement, align: 'center', gap: 8 });

  const trigger = cloneElement(children, {
    'aria-describedby': cx(children.props['aria-describedby'], tooltipId),
  });

  // Handlers sit on the wrapper: React's focus, click and key events bubble up from the trigger,
  // and the trigger keeps its own handlers untouched.
  return (
    <span
      ref={anchorRef}
      className={cx('inline-flex', className)}
      onMouseEnter={show}
      onFocus={show}
      onClick={show}
    >
      {trigger}
      {/* Always rendered (hidden when closed) so aria-describedby always resolves. */}
      <span
        ref={tooltipRef}
        id={tooltipId}
        role="tooltip"
        hidden={!open}
        className="fixed z-50 w-max max-w-64 rounded-control bg-ink px-3 py-2 text-sm text-surface shadow-pop"
      >
        {message}
      </span>
    </span>
  );
}
