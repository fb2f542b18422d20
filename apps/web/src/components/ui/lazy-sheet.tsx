import { lazy, Suspense, useState } from 'react';
import type { SheetProps } from './sheet.js';

const Sheet = lazy(() => import('./sheet.js').then((m) => ({ default: m.Sheet })));

/**
 * The Sheet, downloaded the first time it opens: most visits never open it, and its dialog
 * machinery (focus trap, scroll lock, portal) would otherwise weigh on every first page.
 */
export function LazySheet(props: SheetProps) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Sheet {...props} />
    </Suspense>
  );
}
