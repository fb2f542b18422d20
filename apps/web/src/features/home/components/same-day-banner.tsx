import { Link } from 'react-router';
import { ChevronRight, Truck } from 'lucide-react';
import { SAME_DAY_HREF } from '../home-content.js';

/** The Kochi same-day promise, straight to the listing filtered to same-day products. */
export function SameDayBanner() {
  return (
    <Link
      to={SAME_DAY_HREF}
      className="group flex items-center gap-4 rounded-2xl border border-leaf-600/20 bg-gradient-to-r from-emerald-50 via-white to-amber-50 p-4 transition-shadow hover:shadow-md md:gap-6 md:px-8 md:py-5"
    >
      <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-leaf-600 text-white md:h-14 md:w-14">
        <Truck className="h-6 w-6 md:h-7 md:w-7" aria-hidden="true" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block text-base font-bold text-neutral-900 md:text-xl">
          Same-day delivery in Kochi — order by 4 PM
        </span>
        <span className="block text-sm text-neutral-700 md:text-base">
          Flowers, cakes and combos reach your loved ones today.
        </span>
      </span>
      <span className="hidden items-center gap-1 text-sm font-semibold text-leaf-600 group-hover:underline sm:flex">
        Shop same-day
        <ChevronRight className="h-4 w-4" aria-hidden="true" />
      </span>
    </Link>
  );
}
