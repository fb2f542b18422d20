import { lazy, Suspense, useId, type ComponentType, type ReactElement, type SVGProps } from 'react';
import { Link, useLocation } from 'react-router';
import { Collapsible } from 'radix-ui';
import { Cake, Candy, ChevronDown, Flower2, Gift, LayoutGrid, PartyPopper, Tag, Truck, Users } from 'lucide-react';
import { useCatalog } from '../../api/products.js';
import { LoadError } from '../../components/ui/load-error.js';
import { Skeleton } from '../../components/ui/skeleton.js';
import { cn } from '../../lib/cn.js';
import { productsHref, type MenuQuery } from './menu-data.js';

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

const CATEGORY_ICONS: Record<string, Icon> = { Flowers: Flower2, Cakes: Cake, Chocolates: Candy, Combos: Gift };

/** Which collapsible groups are open, keyed 'category:Flowers', 'recipients', 'occasions'. */
export type OpenGroups = Record<string, boolean>;

interface MenuProps {
  openGroups: OpenGroups;
  onOpenGroupsChange(next: OpenGroups): void;
}

const QUICK_LINKS: { label: string; icon: Icon; query: MenuQuery }[] = [
  { label: 'All Products', icon: LayoutGrid, query: {} },
  { label: 'Same Day Delivery', icon: Truck, query: { sameDayDelivery: 'true' } },
];

function useIsCurrent(): (href: string) => boolean {
  const { pathname, search } = useLocation();
  return (href) => `${pathname}${search}` === href;
}

const rowClasses =
  'flex min-h-9 items-center gap-3 rounded-md px-2 text-sm text-neutral-700 hover:bg-brand-50 hover:text-brand-700 aria-[current=page]:bg-brand-50 aria-[current=page]:font-semibold aria-[current=page]:text-brand-700';

function MenuLink({ href, icon: Icon, children }: { href: string; icon?: Icon; children: string }) {
  const isCurrent = useIsCurrent();
  return (
    <Link to={href} className={rowClasses} aria-current={isCurrent(href) ? 'page' : undefined}>
      {Icon ? <Icon className="size-4 shrink-0 text-neutral-500" aria-hidden="true" /> : null}
      <span className="truncate">{children}</span>
    </Link>
  );
}

// Group titles label their lists rather than being headings: the sidebar comes before the page's h1.
function GroupLabel({ id, children }: { id: string; children: string }) {
  return (
    <p id={id} className="px-2 pt-4 pb-1 text-[0.6875rem] font-semibold tracking-wider text-neutral-600 uppercase">
      {children}
    </p>
  );
}

/** A category link with its subcategories folding out beneath it. */
function CategoryItem({
  name,
  subcategories,
  open,
  onOpenChange,
}: {
  name: string;
  subcategories: string[];
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  return (
    <Collapsible.Root asChild open={open} onOpenChange={onOpenChange}>
      <li>
        <div className="flex items-center">
          <div className="min-w-0 flex-1">
            <MenuLink href={productsHref({ category: name })} icon={CATEGORY_ICONS[name] ?? Tag}>
              {name}
            </MenuLink>
          </div>
          {subcategories.length > 0 ? (
            <Collapsible.Trigger
              className="grid size-8 shrink-0 place-items-center rounded-md text-neutral-500 hover:bg-neutral-100 hover:text-neutral-900"
              aria-label={`${name} subcategories`}
            >
              <ChevronDown className={cn('size-4 transition-transform', open && 'rotate-180')} aria-hidden="true" />
            </Collapsible.Trigger>
          ) : null}
        </div>
        <Collapsible.Content asChild>
          <ul className="my-1 ml-4 space-y-0.5 border-l border-neutral-200 pl-2">
            {subcategories.map((subcategory) => (
              <li key={subcategory}>
                <MenuLink href={productsHref({ category: name, subcategory })}>{subcategory}</MenuLink>
              </li>
            ))}
          </ul>
        </Collapsible.Content>
      </li>
    </Collapsible.Root>
  );
}

/** A titled group (Recipients, Occasions) that folds open like a category. */
function FilterGroup({
  title,
  icon: Icon,
  items,
  param,
  open,
  onOpenChange,
}: {
  title: string;
  icon: Icon;
  items: string[];
  param: 'recipient' | 'occasion';
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  return (
    <Collapsible.Root asChild open={open} onOpenChange={onOpenChange}>
      <li>
        <Collapsible.Trigger className={cn(rowClasses, 'w-full')}>
          <Icon className="size-4 shrink-0 text-neutral-500" aria-hidden="true" />
          <span className="flex-1 text-left">{title}</span>
          <ChevronDown
            className={cn('size-4 text-neutral-500 transition-transform', open && 'rotate-180')}
            aria-hidden="true"
          />
        </Collapsible.Trigger>
        <Collapsible.Content asChild>
          <ul className="my-1 ml-4 space-y-0.5 border-l border-neutral-200 pl-2">
            {items.map((value) => (
              <li key={value}>
                <MenuLink href={productsHref({ [param]: value })}>{value}</MenuLink>
              </li>
            ))}
          </ul>
        </Collapsible.Content>
      </li>
    </Collapsible.Root>
  );
}

/** The full sidebar menu: quick links, every category with its subcategories, recipients, occasions. */
export function SidebarMenu({ openGroups, onOpenGroupsChange }: MenuProps) {
  const catalog = useCatalog();
  const id = useId();
  const setOpen = (key: string) => (open: boolean) => onOpenGroupsChange({ ...openGroups, [key]: open });

  return (
    <div className="px-2 pb-4">
      <ul className="space-y-0.5 pt-2">
        {QUICK_LINKS.map(({ label, icon, query }) => (
          <li key={label}>
            <MenuLink href={productsHref(query)} icon={icon}>
              {label}
            </MenuLink>
          </li>
        ))}
      </ul>
      <GroupLabel id={`${id}-categories`}>Categories</GroupLabel>
      {catalog.isPending ? (
        <div className="space-y-2 px-2 py-1" aria-hidden="true">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-6 w-full" />
          ))}
        </div>
      ) : catalog.isError ? (
        <LoadError what="the categories" load={catalog} className="mx-2" />
      ) : (
        <>
          <ul className="space-y-0.5" aria-labelledby={`${id}-categories`}>
            {catalog.data.categories.map(({ name, subcategories }) => (
              <CategoryItem
                key={name}
                name={name}
                subcategories={subcategories}
                open={Boolean(openGroups[`category:${name}`])}
                onOpenChange={setOpen(`category:${name}`)}
              />
            ))}
          </ul>
          <GroupLabel id={`${id}-shop-by`}>Shop by</GroupLabel>
          <ul className="space-y-0.5" aria-labelledby={`${id}-shop-by`}>
            <FilterGroup
              title="Recipients"
              icon={Users}
              items={catalog.data.recipients}
              param="recipient"
              open={Boolean(openGroups.recipients)}
              onOpenChange={setOpen('recipients')}
            />
            <FilterGroup
              title="Occasions"
              icon={PartyPopper}
              items={catalog.data.occasions}
              param="occasion"
              open={Boolean(openGroups.occasions)}
              onOpenChange={setOpen('occasions')}
            />
          </ul>
        </>
      )}
    </div>
  );
}

const LazyRailTip = lazy(() => import('./rail-tip.js').then((m) => ({ default: m.RailTip })));

/**
 * Tooltips only matter in the collapsed rail, which most first visits never show; their
 * positioning code loads with it, and the icon (which has its own accessible name) shows meanwhile.
 */
function RailTip({ label, children }: { label: string; children: ReactElement }) {
  return (
    <Suspense fallback={children}>
      <LazyRailTip label={label}>{children}</LazyRailTip>
    </Suspense>
  );
}

const railClasses =
  'grid size-9 place-items-center rounded-md text-neutral-600 hover:bg-brand-50 hover:text-brand-700 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-700';

function RailLink({ href, icon: Icon, label }: { href: string; icon: Icon; label: string }) {
  const isCurrent = useIsCurrent();
  return (
    <li>
      <RailTip label={label}>
        <Link to={href} className={railClasses} aria-label={label} aria-current={isCurrent(href) ? 'page' : undefined}>
          <Icon className="size-5" aria-hidden="true" />
        </Link>
      </RailTip>
    </li>
  );
}

/**
 * The 3rem icon rail of the collapsed sidebar: each category is one icon; Recipients and
 * Occasions have no single page, so their icons expand the sidebar with that group open.
 */
export function SidebarRail({ onExpandGroup }: { onExpandGroup(key: string): void }) {
  const catalog = useCatalog();
  return (
    <ul className="flex flex-col items-center gap-1 py-2">
      {QUICK_LINKS.map(({ label, icon, query }) => (
        <RailLink key={label} href={productsHref(query)} icon={icon} label={label} />
      ))}
      <li aria-hidden="true" className="my-1 h-px w-6 bg-neutral-200" />
      {catalog.data?.categories.map(({ name }) => (
        <RailLink key={name} href={productsHref({ category: name })} icon={CATEGORY_ICONS[name] ?? Tag} label={name} />
      ))}
      {(
        [
          ['recipients', 'Recipients', Users],
          ['occasions', 'Occasions', PartyPopper],
        ] as const
      ).map(([key, label, Icon]) => (
        <li key={key}>
          <RailTip label={label}>
            <button type="button" className={railClasses} aria-label={label} onClick={() => onExpandGroup(key)}>
              <Icon className="size-5" aria-hidden="true" />
            </button>
          </RailTip>
        </li>
      ))}
    </ul>
  );
}
