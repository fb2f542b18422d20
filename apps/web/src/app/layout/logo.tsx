import { Link } from 'react-router';
import { cn } from '../../lib/cn.js';

/** The flower mark of the favicon, inline so the header needs no extra request. */
export function FlowerMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true" focusable="false">
      <circle cx="32" cy="32" r="30" fill="#b3123a" />
      <g fill="#ffd1dc">
        <circle cx="32" cy="22" r="9" />
        <circle cx="22" cy="34" r="9" />
        <circle cx="42" cy="34" r="9" />
        <circle cx="32" cy="42" r="9" />
      </g>
      <circle cx="32" cy="32" r="6" fill="#f6c700" />
    </svg>
  );
}

/** Brand name and mark, linking home. `tone` picks the text colours for light or dark surfaces. */
export function Logo({ tone = 'light', className }: { tone?: 'light' | 'dark'; className?: string }) {
  return (
    <Link to="/" className={cn('flex shrink-0 items-center gap-2 rounded-md', className)}>
      <FlowerMark className="size-8 md:size-9" />
      <span className="text-lg leading-none font-bold tracking-tight md:text-xl">
        <span className={tone === 'light' ? 'text-brand-700' : 'text-brand-100'}>Phoolwala</span>{' '}
        <span className={tone === 'light' ? 'text-neutral-900' : 'text-white'}>Gifts</span>
      </span>
    </Link>
  );
}
