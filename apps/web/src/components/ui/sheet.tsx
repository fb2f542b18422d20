import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { Dialog } from 'radix-ui';
import { X } from 'lucide-react';
import { cn } from '../../lib/cn.js';

/**
 * For a dialog opened from anywhere rather than from a Radix trigger: where focus was when it opened,
 * given back when it closes (its `onCloseAutoFocus`). Noted in a layout effect, which runs before
 * the dialog's own (passive) effect moves focus inside. Here rather than in a file of its own, which
 * would be a request of a few hundred bytes for every lazy dialog that needs it.
 */
export function useReturnFocus(open: boolean): (event: Event) => void {
  const returnFocusTo = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open) returnFocusTo.current = document.activeElement as HTMLElement | null;
  }, [open]);
  return (event) => {
    if (returnFocusTo.current?.isConnected) {
      event.preventDefault();
      returnFocusTo.current.focus();
    }
  };
}

export interface SheetProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  side?: 'left' | 'right';
  className?: string;
  children: ReactNode;
}

/** A panel sliding in from a side of the screen, with focus trapped inside and Escape to close. */
export function Sheet({ open, onOpenChange, title, side = 'right', className, children }: SheetProps) {
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={returnFocus}
          className={cn(
            'fixed top-0 z-50 flex h-full w-full max-w-md flex-col bg-white shadow-xl focus:outline-none',
            side === 'right' ? 'right-0' : 'left-0',
            className,
          )}
        >
          <div className="flex items-center justify-between border-b border-neutral-200 px-4 py-3">
            <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
            <Dialog.Close className="rounded-md p-2 hover:bg-neutral-100" aria-label="Close">
              <X className="h-5 w-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <div className="flex-1 overflow-y-auto">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
