import {
  createContext,
  useContext,
  useEffect,
  useLayoutEffect,
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

/** The room a pop-up keeps from the edges of the screen. */
export const VIEWPORT_MARGIN = 8;

export interface Box {
  top: number;
  left: number;
  width: number;
  height: number;
}

export type Side = 'top' | 'bottom';

export interface Placement {
  /** The preferred side of the anchor; the pop-up flips to the other when it does not fit. */
  side?: Side;
  /** Which edges line up: the anchor's left ('start'), its right ('end') or the centres. */
  align?: 'start' | 'center' | 'end';
  /** Space between the anchor and the pop-up. */
  gap?: number;
  /** The pop-up is at least ('min') or exactly ('exact') as wide as the anchor. */
  matchWidth?: 'min' | 'exact';
}

/** `value` moved into [margin, size - margin - length]; the near edge wins when both cannot. */
function clampToViewport(value: number, length: number, size: number): number {
  return Math.max(VIEWPORT_MARGIN, Math.min(value, size - VIEWPORT_MARGIN - length));
}

/**
 * Where a pop-up of `floating` size goes beside `anchor` in a `viewport` (all in viewport
 * coordinates, as from getBoundingClientRect): on the preferred side when it fits, else on the
 * other side when that fits, else on the roomier side; then shifted to stay VIEWPORT_MARGIN
 * inside the screen. A pop-up taller than the screen keeps its top in view, where the date
 * picker has its month and arrows (issue 10 defect 11).
 */
export function placeFloating(
  anchor: Box,
  floating: { width: number; height: number },
  viewport: { width: number; height: number },
  { side = 'bottom', align = 'start', gap = 4 }: Placement = {},
): { top: number; left: number } {
  const room: Record<Side, number> = {
    top: anchor.top - gap - VIEWPORT_MARGIN,
    bottom: viewport.height - VIEWPORT_MARGIN - (anchor.top + anchor.height + gap),
  };
  const other: Side = side === 'top' ? 'bottom' : 'top';
  let chosen = side;
  if (
    room[side] < floating.height &&
    (room[other] >= floating.height || room[other] > room[side])
  ) {
    chosen = other;
  }
  const top =
    chosen === 'bottom' ? anchor.top + anchor.height + gap : anchor.top - gap - floating.height;
  const left = {
    start: anchor.left,
    center: anchor.left + (anchor.width - floating.width) / 2,
    end: anchor.left + anchor.width - floating.width,
  }[align];
  return {
    top: clampToViewport(top, floating.height, viewport.height),
    left: clampToViewport(left, floating.width, viewport.width),
  };
}

/**
 * Whether any of `anchor` shows through every box that clips it (the scrolling boxes around it
 * and the screen), all in viewport coordinates: a pop-up whose anchor has scrolled out of sight
 * hides rather than stay pinned to the edge of the screen, pointing at nothing.
 */
export function anchorShows(anchor: Box, clips: readonly Box[]): boolean {
  let top = anchor.top;
  let left = anchor.left;
  let bottom = anchor.top + anchor.height;
  let right = anchor.left + anchor.width;
  for (const clip of clips) {
    top = Math.max(top, clip.top);
    left = Math.max(left, clip.left);
    bottom = Math.min(bottom, clip.top + clip.height);
    right = Math.min(right, clip.left + clip.width);
  }
  return bottom > top && right > left;
}

/** The boxes that clip `element`: every ancestor that does not let its content overflow. */
function clippingBoxes(element: HTMLElement): Box[] {
  const boxes: Box[] = [];
  for (let parent = element.parentElement; parent; parent = parent.parentElement) {
    const { overflowX, overflowY } = getComputedStyle(parent);
    if (overflowX !== 'visible' || overflowY !== 'visible') {
      boxes.push(parent.getBoundingClientRect());
    }
  }
  return boxes;
}

/**
 * Keeps `floatingRef` (styled `position: fixed`) beside `anchorRef` while `open`, on screen: fixed,
 * so no scrolling box around it (a dialog's body, a table) clips it. An ancestor with a transform
 * or filter would become its containing block and offset it, so the app's layouts use none.
 * Placed again after every render (the content may have changed its size), and on any scroll or
 * resize.
 */
export function useFloating(
  open: boolean,
  anchorRef: RefObject<HTMLElement | null>,
  floatingRef: RefObject<HTMLElement | null>,
  placement: Placement = {},
): void {
  const place = () => {
    const anchor = anchorRef.current;
    const floating = floatingRef.current;
    if (!anchor || !floating) {
      return;
    }
    const box = anchor.getBoundingClientRect();
    // Measured at the screen's corner with its width set: near the right edge a pop-up would
    // shrink to the room left there and wrap, and then measure too narrow and too tall.
    floating.style.top = '0px';
    floating.style.left = '0px';
    if (placement.matchWidth) {
      floating.style[placement.matchWidth === 'min' ? 'minWidth' : 'width'] = `${box.width}px`;
    }
    // The screen less its scroll bars, which a pop-up must not sit under.
    const viewport = {
      width: document.documentElement.clientWidth,
      height: document.documentElement.clientHeight,
    };
    const { top, left } = placeFloating(box, floating.getBoundingClientRect(), viewport, placement);
    floating.style.top = `${top}px`;
    floating.style.left = `${left}px`;
    // An anchor with no size has no layout to judge by (nor has anything in jsdom).
    const laidOut = box.width > 0 || box.height > 0;
    const screen = { top: 0, left: 0, ...viewport };
    floating.style.visibility =
      !laidOut || anchorShows(box, [...clippingBoxes(anchor), screen]) ? '' : 'hidden';
  };
  const latestPlace = useRef(place);

  // Before paint, so the pop-up never shows where it was.
  useLayoutEffect(() => {
    latestPlace.current = place;
    if (open) {
      place();
    }
  });

  useEffect(() => {
    if (!open) {
      return undefined;
    }
    const update = () => latestPlace.current();
    // Capture: a scroll inside any box (the dialog's body) moves the anchor too.
    window.addEventListener('scroll', update, { capture: true, passive: true });
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update, { capture: true });
      window.removeEventListener('resize', update);
    };
  }, [open]);
}

export interface PopoverOptions {
  /** Controlled: the parent holds the open state (it also receives every change). */
  open?: boolean;
  /** Uncontrolled: the state on first render. */
  initialOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Where the panel goes beside the trigger (see `useFloating`). */
  placement?: Placement;
}

export interface Popover<T extends HTMLElement, F extends HTMLElement> {
  open: boolean;
  /** Opens or closes; closing with `returnFocus` puts focus back on the trigger. */
  setOpen: (open: boolean, returnFocus?: boolean) => void;
  /** Holds the trigger and the panel: a press anywhere else closes the popover. */
  rootRef: RefObject<HTMLDivElement | null>;
  /** The button or input that opens the popover, and gets focus back on Escape. */
  triggerRef: RefObject<T | null>;
  /** The panel, styled `position: fixed`: placed beside the trigger, on screen. */
  floatingRef: RefObject<F | null>;
}

/**
 * Open state of a trigger and its panel, on the layer stack: a press outside `rootRef` closes it
 * and leaves focus where the press put it; Escape closes it and gives focus back to the trigger
 * when focus was inside (or lost with the panel), never pulling it away from elsewhere.
 */
export function usePopover<
  T extends HTMLElement = HTMLButtonElement,
  F extends HTMLElement = HTMLDivElement,
>({
  open: controlledOpen,
  initialOpen = false,
  onOpenChange,
  placement,
}: PopoverOptions = {}): Popover<T, F> {
  const [uncontrolledOpen, setUncontrolledOpen] = useState(initialOpen);
  const open = controlledOpen ?? uncontrolledOpen;
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<T>(null);
  const floatingRef = useRef<F>(null);
  useFloating(open, triggerRef, floatingRef, placement);

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

  return { open, setOpen, rootRef, triggerRef, floatingRef };
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
