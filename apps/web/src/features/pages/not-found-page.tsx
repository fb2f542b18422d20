import { Link } from 'react-router';
import { Home, LayoutGrid } from 'lucide-react';
import { buttonClasses } from '../../components/ui/button.js';
import { usePageTitle } from '../../lib/page-title.js';

/** A wilted stem: the page the shopper wanted is not here. */
function WiltedFlower() {
  return (
    <svg viewBox="0 0 120 120" className="size-28 md:size-32" aria-hidden="true" focusable="false">
      <circle cx="60" cy="60" r="58" fill="#fff1f3" />
      <path d="M60 104V62c0-14 10-22 22-24" fill="none" stroke="#2e7d32" strokeWidth="4" strokeLinecap="round" />
      <path d="M60 86c-10-2-18-8-20-18 10 0 18 6 20 18z" fill="#2e7d32" />
      <g fill="#e0245e" transform="rotate(35 88 40)">
        <ellipse cx="88" cy="28" rx="8" ry="12" />
        <ellipse cx="76" cy="40" rx="12" ry="8" />
        <ellipse cx="100" cy="40" rx="12" ry="8" />
        <ellipse cx="88" cy="50" rx="8" ry="10" />
      </g>
      <circle cx="86" cy="39" r="6" fill="#f6c700" />
      <ellipse cx="32" cy="100" rx="7" ry="4" fill="#f4a6c1" transform="rotate(-20 32 100)" />
    </svg>
  );
}

export function NotFoundPage() {
  usePageTitle('Page not found', 'The page you were looking for is not at Phoolwala Gifts.');
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center md:py-24">
      <WiltedFlower />
      <p className="mt-6 text-sm font-semibold tracking-widest text-brand-700 uppercase">Error 404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-neutral-900 md:text-4xl">Page not found</h1>
      <p className="mt-4 text-neutral-700">
        Sorry, we couldn&apos;t find that page. It may have moved, or the link may be mistyped. Our bouquets, cakes and
        gifts are still just a click away.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonClasses('primary', 'lg')}>
          <Home className="size-4" aria-hidden="true" />
          Back to Home
        </Link>
        <Link to="/products" className={buttonClasses('outline', 'lg')}>
          <LayoutGrid className="size-4" aria-hidden="true" />
          All Products
        </Link>
      </div>
    </div>
  );
}
