import {
  createContext,
  useContext,
  useEffect,
  useRef,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
  type RefObject,
} from 'react';

/**
 * One stack of the open floating things (dialogs, popovers, listboxes, tooltips), so that
 * Escape and a press outside reach the innermost one only (issue 10 defect 1: Escape in a
 * dropdown used to close the dialog around it too, losing what was typed).
 */

export type DismissReason = 'escape' | 'outside';

export interface LayerOptions {
  /**
   * Whether a press on `target` is outside the layer and dismisses it. Leave it out for a layer
   * that presses pass through (a tooltip): it closes on Escape only.
   */
  isOutside?: (target: Node) => boolean;
  /**
   * A dialog: a press outside it dismisses it only when nothing is open above it, so the press
   * that closes a popover inside a dialog does not close the dialog as well.
   */
  modal?: boolean;
}

export interface Layer {
  parent: Layer | null;
  dismiss: (reason: DismissReason) => void;
  options: LayerOptions;
}

const stack: Layer[] = [];

function isAncestor(candidate: Layer, layer: Layer): boolean {
  for (let current = layer.parent; current; current = current.parent) {
    if (current === candidate) {
      return true;
    }
  }
  return false;
}

function onKeyDown(event: KeyboardEvent) {
  // Escape during an IME composition cancels the composition, nothing else.
  if (event.key !== 'Escape' || event.isComposing) {
    return;
  }
  const top = stack.at(-1);
  if (top) {
    event.preventDefault();
    top.dismiss('escape');
  }
}

/** The layers a press on `target` closes, innermost first. */
function layersOutside(target: Node): Layer[] {
  const closed: Layer[] = [];
  // From the top down, until a layer holds the press or a dialog is reached.
  for (const layer of [...stack].reverse()) {
    const { isOutside, modal } = layer.options;
    if (!isOutside) {
      continue;
    }
    if (!isOutside(target) || (modal && closed.length > 0)) {
      break;
    }
    closed.push(layer);
    if (modal) {
      break;
    }
  }
  return closed;
}

let pendingTouch: (() => void) | null = null;

function onPointerDown(event: PointerEvent) {
  if (pendingTouch) {
    document.removeEventListener('click', pendingTouch, true);
    pendingTouch = null;
  }
  if (!(event.target instanceof Node)) {
    return;
  }
  const closed = layersOutside(event.target);
  if (closed.length === 0) {
    return;
  }
  const dismiss = () => {
    pendingTouch = null;
    closed.forEach((layer) => layer.dismiss('outside'));
  };
  if (event.pointerType === 'touch') {
    // A touch may start a scroll, not a tap: close only if it ends in a click.
    pendingTouch = dismiss;
    document.addEventListener('click', dismiss, { capture: true, once: true });
  } else {
    dismiss();
  }
}

function register(layer: Layer) {
  if (stack.length === 0) {
    document.addEventListener('keydown', onKeyDown);
    // Capture, so a component that stops the press's propagation cannot keep a popover open.
    document.addEventListener('pointerdown', onPointerDown, true);
  }
  // React runs a child's effects before its parent's: a dialog mounted together with a popover
  // inside it registers second, yet belongs below it.
  const index = stack.findIndex((other) => isAncestor(layer, other));
  stack.splice(index < 0 ? stack.length : index, 0, layer);
}

function unregister(layer: Layer) {
  const index = stack.indexOf(layer);
  if (index >= 0) {
    stack.splice(index, 1);
  }
  if (stack.length === 0) {
    document.removeEventListener('keydown', onKeyDown);
    document.removeEventListener('pointerdown', onPointerDown, true);
  }
}

/** The layer a component's children open their layers in (a dialog provides it). */
export const LayerContext = createContext<Layer | null>(null);

/**
 * Puts a layer on the stack while `open`: Escape while it is the innermost open layer, or a
 * press outside it (see `LayerOptions`), calls `onDismiss`. Returns the layer, for a component
 * that renders other layers inside it to provide through `LayerContext`.
 */
export function useLayer(
  open: boolean,
  onDismiss: (reason: DismissReason) => void,
  options: LayerOptions = {},
): Layer {
  const parent = useContext(LayerContext);
  const latest = useRef({ onDismiss, options });
  useEffect(() => {
    latest.current = { onDismiss, options };
  });
  const [layer] = useState<Layer>(() => ({
    parent,
    dismiss: (reason) => latest.current.onDismiss(reason),
    get options() {
      return latest.current.options;
    },
  }));

  useEffect(() => {
    if (!open) {
      return undefined;
    }
    register(layer);
    return () => unregister(layer);
  }, [open, layer]);

  return layer;
}

export interface PopoverOptions {
  /** Controlled: the parent holds the open state (it also receives every change). */
  open?: boolean;
  /** Uncontrolled: the state on first render. */
  initialOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
}

export interface Popover<T extends HTMLElement> {
  open: boolean;
  /** Opens or closes; closing with `returnFocus` puts focus back on the trigger. */
  setOpen: (open: boolean, returnFocus?: boolean) => void;
  /** Holds the trigger and the panel: a press anywhere else closes the popover. */
  rootRef: RefObject<HTMLDivElement | null>;
  /** The button or input that opens the popover, and gets focus back on Escape. */
  triggerRef: RefObject<T | null>;
}

/**
 * Open state of a trigger and its panel, on the layer stack: a press outside `rootRef` closes it
 * and leaves focus where the press put it; Escape closes it and gives focus back to the trigger
 * when focus was inside (or lost with the panel), never pulling it away from elsewhere.
 */
export function usePopover<T extends HTMLElement = HTMLButtonElement>({
  open: controlledOpen,
  initialOpen = false,
  onOpenChange,
}: PopoverOptions = {}): Popover<T> {
  const [uncontrolledOpen, setUncontrolledOpen] = useState(initialOpen);
  const open = controlledOpen ?? uncontrolledOpen;
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<T>(null);

  const setOpen = (next: boolean, returnFocus = false) => {
    if (controlledOpen === undefined) {
      setUncontrolledOpen(next);
    }
    onOpenChange?.(next);
    if (!next && returnFocus) {
      triggerRef.current?.focus();
    }
  };

  useLayer(
    open,
    (reason) => {
      const focused = document.activeElement;
      const focusWasInside =
        !focused || focused === document.body || rootRef.current?.contains(focused) === true;
      setOpen(false, reason === 'escape' && focusWasInside);
    },
    { isOutside: (target) => !rootRef.current?.contains(target) },
  );

  return { open, setOpen, rootRef, triggerRef };
}

export type ListKey = 'ArrowDown' | 'ArrowUp' | 'Home' | 'End';

export function isListKey(key: string): key is ListKey {
  return key === 'ArrowDown' || key === 'ArrowUp' || key === 'Home' || key === 'End';
}

/**
 * Where the highlighted option moves for a navigation key, in a list of `count` options.
 * Stops at the ends instead of wrapping (the WAI-ARIA listbox default), and skips options that
 * cannot be chosen (ICD-10 categories). -1 means "none yet".
 */
export function moveActiveIndex(
  current: number,
  key: ListKey,
  count: number,
  isDisabled: (index: number) => boolean = () => false,
): number {
  const firstEnabled = (from: number, step: 1 | -1) => {
    for (let index = from; index >= 0 && index < count; index += step) {
      if (!isDisabled(index)) {
        return index;
      }
    }
    return -1;
  };
  // A highlight beyond the end (the list got shorter) counts as none.
  const from = current < count ? current : -1;
  let next: number;
  switch (key) {
    case 'Home':
      next = firstEnabled(0, 1);
      break;
    case 'End':
      next = firstEnabled(count - 1, -1);
      break;
    case 'ArrowDown':
      next = firstEnabled(from < 0 ? 0 : from + 1, 1);
      break;
    case 'ArrowUp':
      next = firstEnabled(from < 0 ? count - 1 : from - 1, -1);
      break;
  }
  return next < 0 ? from : next;
}

export interface ListboxOptions {
  open: boolean;
  count: number;
  /** Chooses the option at an index (from Enter or a click). */
  onPick: (index: number) => void;
  /** Options that cannot be chosen: the arrows skip them, the mouse does not highlight them. */
  isDisabled?: (index: number) => boolean;
  /** Home and End move the highlight; off in a text field, where they move the caret. */
  homeEnd?: boolean;
  /** The option highlighted on first render; none by default. */
  initialActiveIndex?: number;
}

/**
 * The keyboard and ids of a listbox whose options are highlighted with aria-activedescendant
 * while focus stays on the input or the list (WAI-ARIA 1.2 combobox and listbox patterns).
 */
export function useListbox(baseId: string, options: ListboxOptions) {
  const { open, count, onPick, isDisabled, homeEnd = true, initialActiveIndex = -1 } = options;
  const [activeIndex, setActiveIndex] = useState(initialActiveIndex);
  const [wasOpen, setWasOpen] = useState(open);
  // Closing forgets the highlight (without a sync effect); opening sets it anew.
  if (open !== wasOpen) {
    setWasOpen(open);
    if (!open) {
      setActiveIndex(-1);
    }
  }
  const listId = `${baseId}-list`;
  const optionId = (index: number) => `${baseId}-option-${index}`;

  useEffect(() => {
    if (!open || activeIndex < 0) {
      return;
    }
    // Keeps the highlighted option visible in a scrolling list (jsdom has no scrollIntoView).
    document
      .getElementById(`${baseId}-option-${activeIndex}`)
      ?.scrollIntoView?.({ block: 'nearest' });
  }, [open, activeIndex, baseId]);

  /** Moves the highlight for a navigation key, or picks on Enter; true when the key was used. */
  const handleKey = (event: ReactKeyboardEvent): boolean => {
    const { key } = event;
    if (isListKey(key) && (homeEnd || key === 'ArrowDown' || key === 'ArrowUp')) {
      event.preventDefault();
      setActiveIndex((current) => moveActiveIndex(current, key, count, isDisabled));
      return true;
    }
    if (key === 'Enter' && open && activeIndex >= 0) {
      // Picking an option must not submit the form around the field.
      event.preventDefault();
      onPick(activeIndex);
      return true;
    }
    return false;
  };

  const optionProps = (index: number) => ({
    id: optionId(index),
    role: 'option' as const,
    // Keeps focus (and the open list) where it is while the mouse picks.
    onMouseDown: (event: { preventDefault: () => void }) => event.preventDefault(),
    onMouseMove: () => {
      if (!isDisabled?.(index)) {
        setActiveIndex(index);
      }
    },
    onClick: () => onPick(index),
  });

  /** On opening: the chosen option if there is one, else the end the arrow key points to. */
  const highlightOnOpen = (chosenIndex: number, key: 'ArrowDown' | 'ArrowUp' = 'ArrowDown') =>
    setActiveIndex(chosenIndex >= 0 ? chosenIndex : moveActiveIndex(-1, key, count, isDisabled));

  const activeDescendant = open && activeIndex >= 0 ? optionId(activeIndex) : undefined;

  /** The ARIA of a text field that offers the list as suggestions (an editable combobox). */
  const comboboxProps = {
    role: 'combobox' as const,
    autoComplete: 'off',
    spellCheck: false,
    'aria-autocomplete': 'list' as const,
    'aria-expanded': open,
    'aria-controls': listId,
    'aria-activedescendant': activeDescendant,
  };

  return {
    activeIndex,
    setActiveIndex,
    highlightOnOpen,
    listId,
    activeDescendant,
    handleKey,
    optionProps,
    comboboxProps,
  };
}
