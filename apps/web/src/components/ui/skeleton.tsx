import { cn } from '../../lib/cn.js';

/**
 * A grey block where something will be. It pulses only while that something is on its way (`still`
 * otherwise), and not for a shopper who asked for less motion: a pulse repaints every frame, which
 * a page of waiting places paid for as long as it was open.
 */
export function Skeleton({ className, still = false }: { className?: string; still?: boolean }) {
  return (
    <div
      aria-hidden="true"
      className={cn(!still && 'motion-safe:animate-pulse', 'rounded-md bg-neutral-200', className)}
    />
  );
}
