import type { InputHTMLAttributes } from 'react';
import { cn } from '../../lib/cn.js';

export function Input({ className, ...props }: InputHTMLAttributes<HTMLInputElement>) {
  return (
    <input
      className={cn(
        'h-10 w-full rounded-md border border-neutral-300 bg-white px-3 text-sm placeholder:text-neutral-500 focus:border-brand-600 focus:outline-none',
        className,
      )}
      {...props}
    />
  );
}
