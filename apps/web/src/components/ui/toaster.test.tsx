import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { AppToaster, toastArea, toastCorner, topOffset, type Box, type ToastCorner } from './toaster.js';

const desktop = { width: 1280, height: 800 };
const phone = { width: 375, height: 812 };
/** The cart panel: a Sheet of max-w-md (448 px) at the right, the full height. */
const cartPanel = (width: number, height: number): Box => ({
  left: Math.max(0, width - 448),
  top: 0,
  right: width,
  bottom: height,
});
/** A small centred dialog whose close button sits in its top right corner. */
const centred = (width: number, height: number): Box => ({
  left: width / 2 - 190,
  top: height / 2 - 150,
  right: width / 2 + 190,
  bottom: height / 2 + 150,
});

describe('toastCorner', () => {
  it.each<[string, { width: number; height: number }, Box[], ToastCorner | null]>([
    ['no dialog: the spec’s top right', desktop, [], 'top-right'],
    ['the cart panel at 1280: beside it, top left', desktop, [cartPanel(1280, 800)], 'top-left'],
    ['a centred dialog at 1280: top right is clear of it', desktop, [centred(1280, 800)], 'top-right'],
    ['a full-screen picture: nowhere, so they wait', desktop, [{ left: 0, top: 0, right: 1280, bottom: 800 }], null],
    ['no dialog on a phone: top', phone, [], 'top-right'],
    ['the cart panel on a phone fills it: they wait', phone, [cartPanel(375, 812)], null],
    ['a small centred dialog on a phone: above it', phone, [centred(375, 812)], 'top-right'],
    ['a dialog at the top of a phone: below it', phone, [{ left: 8, top: 8, right: 367, bottom: 520 }], 'bottom-left'],
  ])('%s', (_name, viewport, dialogs, corner) => {
    expect(toastCorner(viewport, dialogs)).toBe(corner);
  });

  it('starts top toasts below the header while it shows, and at the edge once it has scrolled away', () => {
    expect(toastArea('top-right', desktop, 118).top).toBe(130);
    expect(toastArea('top-right', phone, 150).top).toBe(158);
    expect(toastArea('bottom-left', desktop, 118).top).toBe(toastArea('bottom-left', desktop).top);
    expect(topOffset(false, 0)).toBe(24);
    expect(topOffset(true, 0)).toBe(16);
  });

  it('keeps the toasts of a corner inside the screen', () => {
    for (const viewport of [desktop, phone])
      for (const corner of ['top-right', 'top-left', 'bottom-left', 'bottom-right'] as const) {
        const area = toastArea(corner, viewport);
        expect(area.left).toBeGreaterThanOrEqual(0);
        expect(area.right).toBeLessThanOrEqual(viewport.width);
        expect(area.top).toBeGreaterThanOrEqual(0);
        expect(area.bottom).toBeLessThanOrEqual(viewport.height);
      }
  });
});

/** A dialog as Radix renders one, in its own portal under <body>, at the given place. */
function openDialog(box: Box): () => void {
  const portal = document.createElement('div');
  const dialog = document.createElement('div');
  dialog.setAttribute('role', 'dialog');
  dialog.getBoundingClientRect = () =>
    ({ ...box, x: box.left, y: box.top, width: box.right - box.left, height: box.bottom - box.top }) as DOMRect;
  portal.append(dialog);
  act(() => document.body.append(portal));
  return () => act(() => portal.remove());
}

const toaster = () => document.querySelector('[data-sonner-toaster]');
const shownToasts = () => document.querySelectorAll('[data-sonner-toast][data-visible="true"]');

afterEach(() => {
  act(() => void toast.dismiss());
  cleanup();
});

describe('AppToaster', () => {
  it('shows at most two toasts at once', async () => {
    render(<AppToaster />);
    act(() => {
      toast('Address saved');
      toast('Profile updated successfully');
      toast('Review created successfully');
    });
    await waitFor(() => expect(document.querySelectorAll('[data-sonner-toast]')).toHaveLength(3));
    expect(shownToasts()).toHaveLength(2);
  });

  it('reads where the header and dialogs are only once a toast is out, not on every scroll before', async () => {
    const header = document.createElement('header');
    const measured = vi.fn(() => ({ top: 0, bottom: 118, left: 0, right: 1280, height: 118 }) as DOMRect);
    header.getBoundingClientRect = measured;
    document.body.prepend(header);
    try {
      render(<AppToaster />);
      act(() => void window.dispatchEvent(new Event('scroll')));
      expect(measured).not.toHaveBeenCalled();
      act(() => void toast('Address saved'));
      await waitFor(() => expect(toaster()).not.toBeNull());
      expect(measured).toHaveBeenCalled();
    } finally {
      header.remove();
    }
  });

  it('keeps clear of the header, where the cart and account menu are', async () => {
    const header = document.createElement('header');
    header.getBoundingClientRect = () => ({ top: 0, bottom: 118, left: 0, right: 1280, height: 118 }) as DOMRect;
    document.body.prepend(header);
    try {
      render(<AppToaster />);
      act(() => void toast('Address saved'));
      await waitFor(() => expect(toaster()).not.toBeNull());
      expect((toaster() as HTMLElement).style.getPropertyValue('--offset-top')).toBe('130px');
    } finally {
      header.remove();
    }
  });

  it('moves beside an open side panel, and waits while a dialog leaves no corner free', async () => {
    const { innerWidth: width, innerHeight: height } = window;
    render(<AppToaster />);
    act(() => void toast('Address saved'));
    await waitFor(() => expect(toaster()?.getAttribute('data-x-position')).toBe('right'));

    const closePanel = openDialog(cartPanel(width, height));
    await waitFor(() => expect(toaster()?.getAttribute('data-x-position')).toBe('left'));
    expect(toaster()?.getAttribute('data-y-position')).toBe('top');
    closePanel();
    await waitFor(() => expect(toaster()?.getAttribute('data-x-position')).toBe('right'));

    const closePicture = openDialog({ left: 0, top: 0, right: width, bottom: height });
    await waitFor(() => expect(toaster()).toBeNull());
    closePicture();
    // Held, not lost: the toast comes back once the dialog has gone.
    await waitFor(() => expect(shownToasts()).toHaveLength(1));
    expect(document.querySelector('[data-sonner-toast]')?.textContent).toContain('Address saved');
  });
});
