import { ArrowDown, ArrowUp, GripVertical } from 'lucide-react';
import {
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type DragEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { cx } from '../../../ui/cx';
import { MOVE_KEYS, moveBy, moveTo, placeAnnouncement } from './program-order';

export interface ReorderControls {
  /** The drag handle, which also moves the row with the arrow keys, Home and End. */
  handle: ReactNode;
  /** Move up and move down buttons, for those who neither drag nor use the keyboard. */
  stepButtons: ReactNode;
}

export interface ReorderableListProps<K extends string | number> {
  ids: readonly K[];
  /** Names the list for assistive technology ("Program"). */
  label: string;
  /** Each row's title, for the handle's name and what is announced after a move. */
  titleOf: (id: K) => string;
  onReorder: (next: readonly K[]) => void;
  /** No moves (a read-only program, a save in flight). */
  disabled?: boolean;
  renderItem: (id: K, index: number, controls: ReorderControls | null) => ReactNode;
}

const ICON_BUTTON =
  'inline-flex size-9 items-center justify-center rounded-control text-ink-muted hover:bg-canvas hover:text-ink disabled:opacity-40 disabled:hover:bg-transparent';

/**
 * An ordered list the therapist rearranges by dragging a row's handle, by the arrow keys on a
 * focused handle (Home and End to either end), or with the move buttons. Native drag and drop:
 * no dependency for one list. After a keyboard move the handle keeps focus (a moved DOM node
 * loses it) and the new place is announced.
 */
export function ReorderableList<K extends string | number>({
  ids,
  label,
  titleOf,
  onReorder,
  disabled = false,
  renderItem,
}: ReorderableListProps<K>) {
  const hintId = useId();
  const handles = useRef(new Map<K, HTMLButtonElement>());
  const [armed, setArmed] = useState<K | null>(null);
  const [dragging, setDragging] = useState<K | null>(null);
  const [dropIndex, setDropIndex] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  /** The row moved by keyboard, whose handle takes focus back once the list has re-rendered. */
  const refocus = useRef<K | null>(null);

  useLayoutEffect(() => {
    if (refocus.current !== null) {
      handles.current.get(refocus.current)?.focus();
      refocus.current = null;
    }
  }, [ids]);

  const move = (next: readonly K[], id: K, byKeyboard: boolean) => {
    if (next === ids) {
      return;
    }
    setAnnouncement(placeAnnouncement(titleOf(id), next, id));
    refocus.current = byKeyboard ? id : null;
    onReorder(next);
  };

  const endDrag = () => {
    setArmed(null);
    setDragging(null);
    setDropIndex(null);
  };

  const onDragOver = (event: DragEvent<HTMLLIElement>, index: number) => {
    if (dragging === null) {
      return;
    }
    event.preventDefault();
    const box = event.currentTarget.getBoundingClientRect();
    const after = event.clientY > box.top + box.height / 2;
    setDropIndex(after ? index + 1 : index);
  };

  const onDrop = (event: DragEvent<HTMLLIElement>) => {
    event.preventDefault();
    if (dragging !== null && dropIndex !== null) {
      const from = ids.indexOf(dragging);
      // Dropping below itself counts the row's own old place once.
      const to = dropIndex > from ? dropIndex - 1 : dropIndex;
      move(moveTo(ids, dragging, to), dragging, false);
    }
    endDrag();
  };

  const controlsFor = (id: K, index: number): ReorderControls | null => {
    if (disabled || ids.length < 2) {
      return null;
    }
    const title = titleOf(id);
    const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
      const delta = MOVE_KEYS[event.key];
      if (delta === undefined) {
        return;
      }
      event.preventDefault();
      move(moveBy(ids, id, delta), id, true);
    };
    return {
      handle: (
        <button
          type="button"
          ref={(element) => {
            if (element) {
              handles.current.set(id, element);
            } else {
              handles.current.delete(id);
            }
          }}
          aria-label={`Move ${title}`}
          aria-describedby={hintId}
          onKeyDown={onKeyDown}
          onPointerDown={() => setArmed(id)}
          onPointerUp={() => setArmed(null)}
          className={cx(ICON_BUTTON, 'cursor-grab active:cursor-grabbing')}
        >
          <GripVertical aria-hidden="true" className="size-5" />
        </button>
      ),
      stepButtons: (
        <span className="flex flex-col">
          <button
            type="button"
            aria-label={`Move ${title} up`}
            disabled={index === 0}
            onClick={() => move(moveBy(ids, id, -1), id, false)}
            className={cx(ICON_BUTTON, 'h-7')}
          >
            <ArrowUp aria-hidden="true" className="size-4" />
          </button>
          <button
            type="button"
            aria-label={`Move ${title} down`}
            disabled={index === ids.length - 1}
            onClick={() => move(moveBy(ids, id, 1), id, false)}
            className={cx(ICON_BUTTON, 'h-7')}
          >
            <ArrowDown aria-hidden="true" className="size-4" />
          </button>
        </span>
      ),
    };
  };

  return (
    <>
      <p id={hintId} className="sr-only">
        Drag to reorder, or press the arrow keys to move one place, Home or End to move to either
        end.
      </p>
      <ol aria-label={label} className="flex flex-col gap-2">
        {ids.map((id, index) => (
          <li
            key={id}
            draggable={armed === id}
            onDragStart={(event) => {
              event.dataTransfer.effectAllowed = 'move';
              event.dataTransfer.setData('text/plain', titleOf(id));
              setDragging(id);
            }}
            onDragEnd={endDrag}
            onDragOver={(event) => onDragOver(event, index)}
            onDrop={onDrop}
            className={cx(
              'relative rounded-control',
              dragging === id && 'opacity-50',
              dropIndex === index &&
                dragging !== null &&
                'before:absolute before:inset-x-0 before:-top-1.5 before:h-0.5 before:bg-brand-600',
              dropIndex === index + 1 &&
                index === ids.length - 1 &&
                dragging !== null &&
                'after:absolute after:inset-x-0 after:-bottom-1.5 after:h-0.5 after:bg-brand-600',
            )}
          >
            {renderItem(id, index, controlsFor(id, index))}
          </li>
        ))}
      </ol>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </>
  );
}
