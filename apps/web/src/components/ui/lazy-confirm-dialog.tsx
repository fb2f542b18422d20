import { lazy, Suspense } from 'react';
import type { ConfirmDialogProps } from './confirm-dialog.js';

const Dialog = lazy(() => import('./confirm-dialog.js').then((m) => ({ default: m.ConfirmDialog })));

/**
 * The confirm dialog for a page where few visitors ever open it (an order's page: only admins
 * move or cancel an order). Radix's alert dialog, its focus trap and scroll lock come with the
 * first question asked rather than with every shopper's first page.
 */
export function LazyConfirmDialog(props: ConfirmDialogProps) {
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}
