import { useEffect, useState } from 'react';
import { Toaster } from 'sonner';

/** More toasts at once would bury the page; later ones wait behind the two in view. */
export const VISIBLE_TOASTS = 2;

export type ToastCorner = 'top-right' | 'top-left' | 'bottom-left' | 'bottom-right';
/** The spec's corner (top-right) first, then the others in turn. */
const CORNERS: readonly ToastCorner[] = ['top-right', 'top-left', 'bottom-left', 'bottom-right'];

// sonner's own measures: toasts 356 px wide, 24 px from the edges; up to 600 px wide a screen
// gets full-width toasts 16 px from its edges.
const TOAST_WIDTH = 356;
const OFFSET = 24;
const PHONE_OFFSET = 16;
const PHONE_MAX_WIDTH = 600;
/** Two toasts of up to three lines, one above the other, as when the stack is expanded. */
const STACK_HEIGHT = 2 * 88 + 14;

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface Viewport {
  width: number;
  height: number;
}

/** Where the toasts of a corner can reach on this screen. */
export function toastArea(corner: ToastCorner, { width, height }: Viewport): Box {
  const phone = width <= PHONE_MAX_WIDTH;
  const offset = phone ? PHONE_OFFSET : OFFSET;
  const [y, x] = corner.split('-');
  const left = phone || x === 'left' ? offset : width - offset - TOAST_WIDTH;
  const right = phone || x === 'right' ? width - offset : offset + TOAST_WIDTH;
  const top = y === 'top' ? offset : height - offset - STACK_HEIGHT;
  return { left, top, right, bottom: top + STACK_HEIGHT };
}

const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * The first corner whose toasts cover none of the open dialogs (the cart panel, a dialog and its
 * close button), or null when every corner would: then toasts wait until the dialog closes.
 */
export function toastCorner(viewport: Viewport, dialogs: readonly Box[]): ToastCorner | null {
  return CORNERS.find((corner) => !dialogs.some((box) => overlaps(toastArea(corner, viewport), box))) ?? null;
}

function currentCorner(): ToastCorner | null {
  const dialogs = Array.from(document.querySelectorAll('[role="dialog"], [role="alertdialog"]'), (el) =>
    el.getBoundingClientRect(),
  ).filter((box) => box.width > 0 && box.height > 0);
  return toastCorner({ width: window.innerWidth, height: window.innerHeight }, dialogs);
}

/** The corner for the toasts, following dialogs as they open and close and the window as it resizes. */
function useToastCorner(): ToastCorner | null {
  const [corner, setCorner] = useState<ToastCorner | null>(() => currentCorner());
  useEffect(() => {
    const update = () => setCorner(currentCorner());
    // Dialogs (Radix portals) open and close as children of <body>.
    const observer = new MutationObserver(update);
    observer.observe(document.body, { childList: true });
    window.addEventListener('resize', update);
    update();
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', update);
    };
  }, []);
  return corner;
}

/**
 * The store's toasts (spec: top-right, 5000 ms): at most two in view, and never over an open
 * dialog. With one open they move to a free corner (beside the cart panel at 1280 px, below a
 * dialog's close button); where none is free (the cart panel fills a phone's screen) they are
 * held, and sonner shows them afresh once the dialog has closed.
 */
export function AppToaster() {
  const corner = useToastCorner();
  if (!corner) return null;
  return <Toaster position={corner} duration={5000} visibleToasts={VISIBLE_TOASTS} closeButton />;
}
