import type { ReactNode, RefObject } from 'react';
import { AlertDialog } from 'radix-ui';
import { LoaderCircle } from 'lucide-react';
import { buttonClasses } from './button.js';
import { cn } from '../../lib/cn.js';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The question, such as 'Make Meera an admin?'. */
  title: string;
  /** What will happen, in a sentence or two. */
  description: ReactNode;
  /** Says the action again, never 'OK': 'Make admin', 'Mark As Delivered'. */
  confirmLabel: string;
  /** The way out, 'Cancel' unless that would read as the action itself ('Keep order' beside 'Cancel order'). */
  cancelLabel?: string;
  /** What the action needs asked, such as a reason, between the description and the buttons. */
  children?: ReactNode;
  /** Where focus starts when there is something to fill in; the way out otherwise. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** The action is under way: both buttons wait and the dialog stays open until it settles. */
  pending?: boolean;
  /** Red confirm button, for taking something away. */
  destructive?: boolean;
  onConfirm(): void;
}

/**
 * Asks before an action that is costly to undo, and for what it needs (a reason). An alert dialog:
 * focus is trapped inside and starts on the way out (or on what is to be filled in), Escape
 * cancels, and a click outside does nothing, so nothing happens by accident.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  children,
  initialFocus,
  pending = false,
  destructive = false,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => (pending ? undefined : onOpenChange(next))}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <AlertDialog.Content
          aria-busy={pending}
          onOpenAutoFocus={(e) => {
            if (!initialFocus?.current) return;
            e.preventDefault();
            initialFocus.current.focus();
          }}
          className="fixed top-1/2 left-1/2 z-50 flex w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 flex-col gap-3 rounded-xl bg-white p-5 shadow-xl focus:outline-none"
        >
          <AlertDialog.Title className="text-lg font-semibold text-neutral-900">{title}</AlertDialog.Title>
          <AlertDialog.Description className="text-sm text-neutral-700">{description}</AlertDialog.Description>
          {children}
          <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel disabled={pending} className={buttonClasses('outline', 'md')}>
              {cancelLabel}
            </AlertDialog.Cancel>
            {/* A plain button, not AlertDialog.Action: the dialog closes when the action has succeeded. */}
            <button
              type="button"
              disabled={pending}
              onClick={onConfirm}
              className={cn(
                buttonClasses(destructive ? 'primary' : 'dark', 'md'),
                destructive && 'bg-red-700 hover:bg-red-800',
              )}
            >
              {pending ? <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> : null}
              {confirmLabel}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
