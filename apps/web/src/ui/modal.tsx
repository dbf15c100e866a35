import {
  MODAL_BACKDROP_OPACITY,
  MODAL_CONTENT_Z_OFFSET,
  MODAL_DEFAULT_Z_INDEX,
} from '@homestretch/contract/common/constants';
import { X } from 'lucide-react';
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { cx } from './cx';
import { LayerContext, useLayer } from './popover';

export type ModalSize = 'sm' | 'md' | 'lg' | 'xl';

export interface ModalProps {
  show: boolean;
  /** Stacking level of the backdrop (spec §2); the content sits 10 above it. */
  zIndex?: number;
  onClose: () => void;
  /** Visible heading; also names the dialog for assistive technology. */
  title: ReactNode;
  size?: ModalSize;
  /** `side`: a sheet along the right edge, full height, for a list kept beside the page. */
  placement?: 'center' | 'side';
  children?: ReactNode;
}

const SIZE_CLASS: Record<ModalSize, string> = {
  sm: 'max-w-sm',
  md: 'max-w-lg',
  lg: 'max-w-3xl',
  /** A picker that browses a library beside what was chosen. */
  xl: 'max-w-5xl',
};

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
  '[contenteditable="true"]',
].join(',');

/** Stacking levels of spec §2/§9: backdrop at `zIndex`, content 10 above it. */
export function modalLayers(zIndex: number = MODAL_DEFAULT_Z_INDEX) {
  return { backdrop: zIndex, content: zIndex + MODAL_CONTENT_Z_OFFSET };
}

function focusableIn(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.hasAttribute('hidden') && el.getAttribute('aria-hidden') !== 'true',
  );
}

export function Modal({
  show,
  zIndex = MODAL_DEFAULT_Z_INDEX,
  onClose,
  title,
  size = 'md',
  placement = 'center',
  children,
}: ModalProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const backdropRef = useRef<HTMLDivElement>(null);
  // Escape, or a press on the backdrop, closes the dialog when nothing is open above it: the
  // layer stack keeps a dropdown's Escape from closing the dialog too (issue 10).
  const layer = useLayer(show, () => onClose(), {
    modal: true,
    isOutside: (target) => target === backdropRef.current,
  });

  // Focus moves in on open and back to the opener on close, so keyboard users keep their place.
  useEffect(() => {
    if (!show) {
      return undefined;
    }
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = panelRef.current;
    // A modal stacked above this one may have mounted (and taken focus) first, since child
    // effects run before parent effects; never pull focus down out of a higher modal.
    const openerDialog = opener?.closest<HTMLElement>('[aria-modal="true"]');
    const openerLayer = Number(openerDialog?.dataset.layer ?? Number.NEGATIVE_INFINITY);
    if (panel && !(openerDialog !== panel && openerLayer > zIndex)) {
      const preferred = panel.querySelector<HTMLElement>('[data-autofocus]');
      (preferred ?? focusableIn(panel)[0] ?? panel).focus();
    }
    return () => {
      if (opener?.isConnected) {
        opener.focus();
      }
    };
  }, [show, zIndex]);

  if (!show) {
    return null;
  }

  const layers = modalLayers(zIndex);

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab' || !panelRef.current) {
      return;
    }
    // React events bubble through portals to parent components: a nested modal keeps its Tab.
    event.stopPropagation();
    const items = focusableIn(panelRef.current);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      event.preventDefault();
      panelRef.current.focus();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === panelRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <>
      <div
        ref={backdropRef}
        data-testid="modal-backdrop"
        aria-hidden="true"
        className="fixed inset-0 bg-ink"
        style={{ zIndex: layers.backdrop, opacity: MODAL_BACKDROP_OPACITY }}
      />
      {/* The layout layer lets clicks through to the backdrop everywhere except the panel. */}
      <div
        className={cx(
          'fixed inset-0 flex',
          placement === 'side' ? 'justify-end' : 'items-center justify-center p-4',
        )}
        style={{ zIndex: layers.content, pointerEvents: 'none' }}
      >
        <div
          ref={panelRef}
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          data-layer={zIndex}
          tabIndex={-1}
          onKeyDown={handleKeyDown}
          style={{ pointerEvents: 'auto' }}
          className={cx(
            'flex max-h-full w-full flex-col overflow-hidden bg-surface text-ink shadow-pop',
            SIZE_CLASS[size],
            placement === 'side' ? 'h-full' : 'rounded-card',
          )}
        >
          <div className="flex items-center justify-between gap-2 border-b border-line px-5 py-3">
            <h2 id={titleId} className="text-lg font-semibold">
              {title}
            </h2>
            <button
              type="button"
              aria-label="Close"
              onClick={onClose}
              className="inline-flex size-10 items-center justify-center rounded-control text-ink-muted hover:bg-canvas hover:text-ink"
            >
              <X aria-hidden="true" className="size-5" />
            </button>
          </div>
          <div className="overflow-y-auto px-5 py-4">
            <LayerContext value={layer}>{children}</LayerContext>
          </div>
        </div>
      </div>
    </>,
    document.body,
  );
}
