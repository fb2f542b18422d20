import { useId } from 'react';
import { Link } from 'react-router';
import { NavigationMenu } from 'radix-ui';
import { ArrowRight, ChevronDown } from 'lucide-react';
import { occasionOn, occasionOnDay } from '@store/domain';
import { useStoreDay } from '../../lib/store-day.js';
import { productsHref, topMenu, type MenuGroup, type MenuSection } from './menu-data.js';

function Section({ section }: { section: MenuSection }) {
  const id = useId();
  return (
    <div className="min-w-36">
      <p id={id} className="mb-2 text-xs font-semibold tracking-wider text-brand-700 uppercase">
        {section.title}
      </p>
      <ul aria-labelledby={id} className={section.items.length > 6 ? 'columns-2 gap-x-6' : undefined}>
        {section.items.map((item) => (
          <li key={item.label} className="break-inside-avoid">
            <NavigationMenu.Link asChild>
              <Link
                to={productsHref(item.query)}
                className="block rounded px-1 py-1 text-sm whitespace-nowrap text-neutral-700 hover:text-brand-700 hover:underline"
              >
                {item.label}
              </Link>
            </NavigationMenu.Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

function GroupPanel({ group }: { group: MenuGroup }) {
  const { promo } = group;
  return (
    <div className="flex gap-10 p-6">
      {group.sections.map((section) => (
        <Section key={section.title} section={section} />
      ))}
      <div className="ml-auto flex w-56 shrink-0 flex-col rounded-lg bg-brand-50 p-4">
        <p className="font-semibold text-brand-900">{promo.title}</p>
        <p className="mt-1 text-sm text-neutral-700">{promo.text}</p>
        <NavigationMenu.Link asChild>
          <Link
            to={productsHref(promo.link.query)}
            className="mt-auto inline-flex items-center gap-1 pt-3 text-sm font-semibold text-brand-700 hover:underline"
          >
            {promo.link.label}
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        </NavigationMenu.Link>
      </div>
    </div>
  );
}

/**
 * The desktop top menu: three hover groups opening after the spec's 200 ms switch delay, each a
 * panel of sections, the first for the occasion in season on the page's day. Radix gives it the
 * keyboard model of a disclosure navigation menu.
 */
export function TopMenu() {
  const day = useStoreDay();
  const groups = topMenu(day ? occasionOnDay(day) : occasionOn(new Date()));
  return (
    <NavigationMenu.Root
      aria-label="Gift ideas"
      delayDuration={200}
      className="relative z-20 hidden border-b border-neutral-200 bg-white md:block"
    >
      <NavigationMenu.List className="mx-auto flex h-11 max-w-7xl items-center gap-1 px-4">
        {groups.map((group) => (
          <NavigationMenu.Item key={group.title} value={group.title}>
            <NavigationMenu.Trigger className="group flex h-9 items-center gap-1 rounded-md px-3 text-sm font-medium text-neutral-800 hover:bg-brand-50 hover:text-brand-700 data-[state=open]:bg-brand-50 data-[state=open]:text-brand-700">
              {group.title}
              <ChevronDown
                className="size-4 transition-transform duration-200 group-data-[state=open]:rotate-180"
                aria-hidden="true"
              />
            </NavigationMenu.Trigger>
            <NavigationMenu.Content className="absolute top-0 left-0 w-full">
              <GroupPanel group={group} />
            </NavigationMenu.Content>
          </NavigationMenu.Item>
        ))}
      </NavigationMenu.List>
      <div className="absolute top-full left-0 flex w-full justify-center px-4">
        <NavigationMenu.Viewport className="relative h-(--radix-navigation-menu-viewport-height) w-full max-w-7xl overflow-hidden rounded-b-xl border border-t-0 border-neutral-200 bg-white shadow-xl" />
      </div>
    </NavigationMenu.Root>
  );
}
