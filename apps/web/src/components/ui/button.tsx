import type { ButtonHTMLAttributes } from 'react';
import { cn } from '../../lib/cn.js';

const variants = {
  primary: 'bg-brand-600 text-white hover:bg-brand-700 disabled:bg-neutral-300 disabled:text-neutral-600',
  dark: 'bg-neutral-900 text-white hover:bg-neutral-700 disabled:bg-neutral-300 disabled:text-neutral-600',
  outline: 'border border-neutral-300 bg-white text-neutral-900 hover:bg-neutral-50 disabled:text-neutral-400',
  ghost: 'text-neutral-800 hover:bg-neutral-100 disabled:text-neutral-400',
} as const;

const sizes = {
  sm: 'h-8 px-3 text-sm',
  md: 'h-10 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
  icon: 'h-10 w-10',
} as const;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
}

/** Class names of a button, for links that look like one. */
export function buttonClasses(variant: keyof typeof variants = 'primary', size: keyof typeof sizes = 'md'): string {
  return cn(
    'inline-flex items-center justify-center gap-2 rounded-md font-medium transition-colors disabled:cursor-not-allowed',
    variants[variant],
    sizes[size],
  );
}

export function Button({ variant = 'primary', size = 'md', className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={cn(buttonClasses(variant, size), className)} {...props} />;
}
