import { Link } from 'react-router';
import { Check } from 'lucide-react';
import { cn } from '../../lib/cn.js';

const STEPS = [
  { label: 'Sign In', to: '/login' },
  { label: 'Shipping Details', to: '/shipping' },
  { label: 'Confirm Order', to: '/placeorder' },
] as const;

export type CheckoutStep = (typeof STEPS)[number]['label'];

/**
 * Where the shopper is in checkout. Steps before `current` are done and link back; `current` is
 * marked for screen readers (aria-current="step"); later ones are plain text.
 */
export function CheckoutSteps({ current }: { current: CheckoutStep }) {
  const currentIndex = STEPS.findIndex((s) => s.label === current);
  return (
    <nav aria-label="Checkout steps" className="mb-6 md:mb-8">
      <ol className="flex items-center gap-2 text-sm sm:gap-3">
        {STEPS.map((step, i) => {
          const done = i < currentIndex;
          const isCurrent = i === currentIndex;
          const marker = (
            <span
              aria-hidden="true"
              className={cn(
                'grid size-6 shrink-0 place-items-center rounded-full text-xs font-bold',
                done && 'bg-leaf-600 text-white',
                isCurrent && 'bg-brand-600 text-white',
                !done && !isCurrent && 'border border-neutral-300 text-neutral-600',
              )}
            >
              {done ? <Check className="size-3.5" strokeWidth={3} /> : i + 1}
            </span>
          );
          return (
            <li key={step.label} className="flex min-w-0 items-center gap-2 sm:gap-3">
              {i > 0 ? <span aria-hidden="true" className="h-px w-4 shrink-0 bg-neutral-300 sm:w-10" /> : null}
              {done ? (
                <Link
                  to={step.to}
                  className="flex items-center gap-1.5 rounded-md font-medium text-neutral-800 hover:text-brand-700 hover:underline"
                >
                  {marker}
                  <span>{step.label}</span>
                </Link>
              ) : (
                <span
                  aria-current={isCurrent ? 'step' : undefined}
                  className={cn(
                    'flex items-center gap-1.5',
                    isCurrent ? 'font-semibold text-neutral-900' : 'text-neutral-600',
                  )}
                >
                  {marker}
                  <span>{step.label}</span>
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
