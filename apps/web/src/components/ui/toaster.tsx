import { useEffect, useState } from 'react';
import { Toaster, useSonner } from 'sonner';

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

/**
 * Where the toasts of a corner can reach on this screen. `below` is the lowest point of the page's
 * header in view: toasts at the top start beneath it.
 */
export function toastArea(corner: ToastCorner, { width, height }: Viewport, below = 0): Box {
  const phone = width <= PHONE_MAX_WIDTH;
  const offset = phone ? PHONE_OFFSET : OFFSET;
  const [y, x] = corner.split('-');
  const left = phone || x === 'left' ? offset : width - offset - TOAST_WIDTH;
  const right = phone || x === 'right' ? width - offset : offset + TOAST_WIDTH;
  const top = y === 'top' ? topOffset(phone, below) : height - offset - STACK_HEIGHT;
  return { left, top, right, bottom: top + STACK_HEIGHT };
}

/** The distance of top toasts from the top of the screen: clear of the header while it shows. */
export function topOffset(phone: boolean, below: number): number {
  const offset = phone ? PHONE_OFFSET : OFFSET;
  return below > 0 ? Math.round(below) + offset / 2 : offset;
}

const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * The first corner whose toasts cover none of the open dialogs (the cart panel, a dialog and its
 * close button), or null when every corner would: then toasts wait until the dialog closes.
 */
export function toastCorner(viewport: Viewport, dialogs: readonly Box[], below = 0): ToastCorner | null {
  return CORNERS.find((corner) => !dialogs.some((box) => overlaps(toastArea(corner, viewport, below), box))) ?? null;
}

interface Placement {
  corner: ToastCorner | null;
  /** How far below the top of the screen top toasts start. */
  top: number;
}

function currentPlacement(): Placement {
  const viewport = { width: window.innerWidth, height: window.innerHeight };
  const dialogs = Array.from(document.querySelectorAll('[role="dialog"], [role="alertdialog"]'), (el) =>
    el.getBoundingClientRect(),
  ).filter((box) => box.width > 0 && box.height > 0);
  // The store's header holds the cart, the account menu and the search: a toast over them would
  // stand between a shopper and the cart, and hovering it keeps it there (sonner pauses on hover).
  const below = Math.max(0, document.querySelector('header')?.getBoundingClientRect().bottom ?? 0);
  return {
    corner: toastCorner(viewport, dialogs, below),
    top: topOffset(viewport.width <= PHONE_MAX_WIDTH, below),
  };
}

/**
 * Where the toasts go, following dialogs as they open and close, the window as it resizes and the
 * header as it scrolls away while `active` (toasts are out). Each reading asks the browser for
 * boxes, which makes it lay out the page then and there if anything has changed since it last did:
 * with no toast to place, nothing is read, and a scroll costs the page nothing.
 */
function useToastPlacement(active: boolean): Placement {
  const [placement, setPlacement] = useState<Placement>(currentPlacement);
  useEffect(() => {
    if (!active) return;
    const update = () =>
      setPlacement((shown) => {
        const next = currentPlacement();
        return next.corner === shown.corner && next.top === shown.top ? shown : next;
      });
    // Dialogs (Radix portals) open and close as children of <body>.
    const observer = new MutationObserver(update);
    observer.observe(document.body, { childList: true });
    window.addEventListener('resize', update);
    window.addEventListener('scroll', update, { passive: true });
    update();
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', update);
      window.removeEventListener('scroll', update);
    };
  }, [active]);
  return placement;
}

function PlacedToaster({ active }: { active: boolean }) {
  const { corner, top } = useToastPlacement(active);
  if (!corner) return null;
  return (
    <Toaster
      position={corner}
      offset={{ top }}
      mobileOffset={{ top }}
      duration={5000}
      visibleToasts={VISIBLE_TOASTS}
      closeButton
    />
  );
}

/**
 * The store's toasts (spec: top-right, 5000 ms): at most two in view, never over the header's
 * controls and never over an open dialog. With one open they move to a free corner (beside the
 * cart panel at 1280 px, below a dialog's close button); where none is free (the cart panel fills
 * a phone's screen) they are held, and sonner shows them afresh once the dialog has closed. Placed
 * from the first toast on, which sonner hands over to the toaster when it mounts; mounted from then
 * on, so the last toast of a batch leaves as sonner animates it.
 */
export function AppToaster() {
  const active = useSonner().toasts.length > 0;
  const [placed, setPlaced] = useState(active);
  if (active && !placed) setPlaced(true);
  return placed ? <PlacedToaster active={active} /> : null;
}
