import { memo, Suspense, useMemo, useState, type ReactNode } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Accordion } from 'radix-ui';
import { ChevronDown, SlidersHorizontal } from 'lucide-react';
import { PincodePrompt } from '../../components/product/pincode-prompt.js';
import { usePageTitle } from '../../lib/page-title.js';
import { FilterChips } from './components/filter-chips.js';
import { FilterPanel } from './components/filter-panel.js';
import { ProductResults } from './components/product-results.js';
import { SortChoices } from './components/sort-choices.js';
import { filtersToQuery, listingHref, parseFilters, type ListingFilters } from './filters-url.js';
import { listingDescription, listingTitle } from './listing-title.js';
import { useIsMobileOnceKnown } from '../../lib/media-query.js';

interface FiltersProps {
  panel: ReactNode;
  open: boolean;
  onOpenChange(open: boolean): void;
}

// Each panel hydrates apart from the page, after it (a Suspense boundary), and is a memo: learning
// the screen's width once the page has hydrated re-renders FiltersForWidth alone, which leaves the
// panel for that width as it is, to hydrate in its own turn, and removes the other before it has
// hydrated at all (on a phone the sidebar's panel, a slider among it). Hydrated with the page and
// then removed, it made the longest task of a phone's listing. Each keeps the class hiding it at
// the other widths: once the width is known it only renders where that class does nothing.
const PhoneFilters = memo(function PhoneFilters({ panel, open, onOpenChange }: FiltersProps) {
  return (
    <Suspense>
      <Accordion.Root
        type="single"
        collapsible
        value={open ? 'filters' : ''}
        onValueChange={(value) => onOpenChange(value === 'filters')}
        className="rounded-lg border border-neutral-200 bg-white min-[769px]:hidden"
      >
        <Accordion.Item value="filters">
          <Accordion.Header asChild>
            <h2>
              <Accordion.Trigger className="group flex w-full items-center justify-between gap-2 px-4 py-3 text-base font-semibold text-neutral-900">
                <span className="flex items-center gap-2">
                  <SlidersHorizontal className="h-4 w-4" aria-hidden="true" />
                  Filters
                </span>
                <ChevronDown
                  className="h-5 w-5 transition-transform group-data-[state=open]:rotate-180"
                  aria-hidden="true"
                />
              </Accordion.Trigger>
            </h2>
          </Accordion.Header>
          <Accordion.Content className="border-t border-neutral-200 px-4 py-4">{panel}</Accordion.Content>
        </Accordion.Item>
      </Accordion.Root>
    </Suspense>
  );
});

const SidebarFilters = memo(function SidebarFilters({ panel }: Pick<FiltersProps, 'panel'>) {
  return (
    <Suspense>
      <aside
        aria-labelledby="listing-filters-heading"
        className="sticky top-4 max-h-[calc(100vh-2rem)] w-64 shrink-0 overflow-y-auto rounded-lg border border-neutral-200 bg-white p-5 max-[768px]:hidden lg:w-72"
      >
        <h2 id="listing-filters-heading" className="mb-4 flex items-center gap-2 text-lg font-semibold">
          <SlidersHorizontal className="h-4 w-4" aria-hidden="true" />
          Filters
        </h2>
        {panel}
      </aside>
    </Suspense>
  );
});

/**
 * The filter panel in the accordion a phone shows or in the sidebar wider screens show. Until the
 * width is known (the server's HTML, hydration) both render, CSS showing the one that applies
 * (MOBILE_QUERY's 768px), so neither moves the results when the other goes.
 */
function FiltersForWidth({ panel, open, onOpenChange }: FiltersProps) {
  const isMobile = useIsMobileOnceKnown();
  return (
    <>
      {isMobile !== false && <PhoneFilters panel={panel} open={open} onOpenChange={onOpenChange} />}
      {isMobile !== true && <SidebarFilters panel={panel} />}
    </>
  );
}

/**
 * The product listing (spec "Product listing"): filters live in the URL, so a listing can be
 * shared, bookmarked and reached from the menus; the keyword is the route's.
 */
export function ProductListPage() {
  const { keyword } = useParams();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const filters = useMemo(() => parseFilters(searchParams, keyword), [searchParams, keyword]);
  const [filtersOpen, setFiltersOpen] = useState(false);

  const title = listingTitle(filters);
  usePageTitle(title, listingDescription(filters));

  const apply = (next: ListingFilters) => {
    setFiltersOpen(false);
    void navigate(listingHref(next));
  };

  // A new URL (from Apply, a chip, the menus or Back) starts the panel again from what it says.
  const panel = (
    <FilterPanel key={`${filters.keyword ?? ''}?${filtersToQuery(filters)}`} applied={filters} onApply={apply} />
  );

  return (
    <div className="mx-auto w-full max-w-screen-2xl px-4 py-6 md:px-6 md:py-8">
      <h1 className="mb-4 text-2xl font-bold tracking-tight text-neutral-900 md:text-3xl">{title}</h1>
      <PincodePrompt className="mb-5" />
      <div className="flex flex-col gap-5 md:flex-row md:items-start md:gap-8">
        <FiltersForWidth panel={panel} open={filtersOpen} onOpenChange={setFiltersOpen} />
        <section aria-label="Search results" className="@container flex min-w-0 flex-1 flex-col gap-4">
          <SortChoices filters={filters} onChange={apply} />
          <FilterChips filters={filters} onChange={apply} />
          <ProductResults filters={filters} />
        </section>
      </div>
    </div>
  );
}
