import type { ReactNode } from 'react';
import { CircleAlert, CircleCheck, Clock, Info } from 'lucide-react';
import { cn } from '../../lib/cn.js';

const tones = {
  danger: { classes: 'border-red-200 bg-red-50 text-red-800', Icon: CircleAlert },
  success: { classes: 'border-green-200 bg-green-50 text-green-800', Icon: CircleCheck },
  info: { classes: 'border-sky-200 bg-sky-50 text-sky-900', Icon: Info },
  warning: { classes: 'border-amber-200 bg-amber-50 text-amber-900', Icon: CircleAlert },
  /** A step not reached yet, which nobody needs to act on. */
  neutral: { classes: 'border-neutral-200 bg-neutral-50 text-neutral-800', Icon: Clock },
} as const;

export interface AlertProps {
  children: ReactNode;
  className?: string;
  tone?: keyof typeof tones;
  /**
   * 'alert' (the default): an error announced as it appears. 'status': a standing state, such as
   * 'Not Paid', announced politely only when it changes.
   */
  role?: 'alert' | 'status';
}

/** A coloured notice with its icon; an error (role=alert) unless told otherwise. */
export function Alert({ children, className, tone = 'danger', role = 'alert' }: AlertProps) {
  const { classes, Icon } = tones[tone];
  return (
    <div role={role} className={cn('flex items-start gap-2 rounded-md border px-3 py-2.5 text-sm', classes, className)}>
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="min-w-0">{children}</div>
    </div>
  );
}
