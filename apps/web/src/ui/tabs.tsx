import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cx } from './cx';

export interface TabItem<T extends string> {
  value: T;
  /** What the tab shows; its text is the tab's accessible name. */
  label: ReactNode;
}

export interface TabsProps<T extends string> {
  /** The tablist's accessible name ("Balances", "Requests"). */
  label: string;
  tabs: readonly TabItem<T>[];
  selected: T;
  onSelect: (value: T) => void;
  /** The tabs' text: `sm` on a screen, `base` inside a dialog. */
  size?: 'sm' | 'base';
  panelClassName?: string;
  /** The selected tab's panel. */
  children: ReactNode;
}

/**
 * A tablist and its panel, the WAI-ARIA tabs pattern with automatic activation: the selected
 * tab is the one Tab stop (roving tabindex), the arrow keys move to and select the previous or
 * next tab (wrapping), Home and End the first and last.
 */
export function Tabs<T extends string>({
  label,
  tabs,
  selected,
  onSelect,
  size = 'sm',
  panelClassName,
  children,
}: TabsProps<T>) {
  const baseId = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const tabId = (value: T) => `${baseId}-tab-${value}`;
  const panelId = `${baseId}-panel`;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = tabs.findIndex((tab) => tab.value === selected);
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? at === last
          ? 0
          : at + 1
        : event.key === 'ArrowLeft'
          ? at <= 0
            ? last
            : at - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    const tab = next === null ? undefined : tabs[next];
    if (next === null || !tab) {
      return;
    }
    event.preventDefault();
    onSelect(tab.value);
    listRef.current?.querySelectorAll<HTMLElement>('[role="tab"]')[next]?.focus();
  };

  return (
    <>
      <div
        ref={listRef}
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className="flex flex-wrap gap-1 border-b border-line"
      >
        {tabs.map((tab) => (
          <button
            key={tab.value}
            id={tabId(tab.value)}
            type="button"
            role="tab"
            aria-selected={tab.value === selected}
            aria-controls={panelId}
            tabIndex={tab.value === selected ? 0 : -1}
            onClick={() => onSelect(tab.value)}
            className={cx(
              'min-h-10 px-3',
              size === 'sm' && 'text-sm',
              tab.value === selected
                ? '-mb-px border-b-2 border-brand-700 font-medium text-brand-800'
                : 'text-ink-muted hover:text-ink',
            )}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={panelId}
        aria-labelledby={tabId(selected)}
        className={panelClassName}
      >
        {children}
      </div>
    </>
  );
}
