import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { LogIn, PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { buttonClasses } from '../../components/ui/button.js';
import { LazySheet } from '../../components/ui/lazy-sheet.js';
import { useUserInfo } from '../../stores/user-store.js';
import { cn } from '../../lib/cn.js';
import { Skeleton } from '../../components/ui/skeleton.js';
import type { OpenGroups } from './sidebar-menu.js';
import { matchesNow, MOBILE_QUERY, useIsMobile, useIsWide } from '../../lib/media-query.js';
import { sidebarActions, useSidebarState } from './sidebar-store.js';

export const SIDEBAR_NAV_ID = 'sidebar-nav';

// The menu's code (Radix's collapsibles among it) is not part of the first page: it loads after the
// first render where the sidebar shows, and on phones when the sheet first opens.
const SidebarMenu = lazy(() => import('./sidebar-menu.js').then((m) => ({ default: m.SidebarMenu })));
const SidebarRail = lazy(() => import('./sidebar-menu.js').then((m) => ({ default: m.SidebarRail })));

/** Rows in the menu's place while its code arrives, as while the categories load. */
function MenuPlaceholder() {
  return (
    <div className="space-y-2 px-2 py-3" aria-hidden="true">
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} className="h-6 w-full" />
      ))}
    </div>
  );
}

/**
 * Ctrl+b (Cmd+b on a Mac) toggles the sidebar anywhere in the store (spec "Global layout"): the
 * sheet or the rail, as the screen is wide when the keys are pressed.
 */
function useToggleShortcut(): void {
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'b') {
        event.preventDefault();
        sidebarActions.toggle(matchesNow(MOBILE_QUERY));
      }
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}

/** The mobile sheet closes once the shopper has picked somewhere to go. */
function useCloseSheetOnNavigate(): void {
  const { key } = useLocation();
  useEffect(() => {
    sidebarActions.setMobileOpen(false);
  }, [key]);
}

function SignIn({ compact = false }: { compact?: boolean }) {
  const user = useUserInfo();
  if (user) return null;
  return (
    <Link
      to="/login"
      aria-label={compact ? 'Sign In' : undefined}
      title={compact ? 'Sign In' : undefined}
      className={cn(buttonClasses('primary', compact ? 'icon' : 'md'), compact ? 'size-9' : 'w-full')}
    >
      <LogIn className="size-4" aria-hidden="true" />
      {compact ? null : 'Sign In'}
    </Link>
  );
}

/**
 * The phone's sheet, open while the shopper has it open on a phone-sized screen. It alone reads the
 * screen's width: on a phone, which the server's HTML and hydration cannot know, the width read
 * once the page has hydrated renders the sheet again, not the whole sidebar.
 */
function MobileSheet({ open, children }: { open: boolean; children: ReactNode }) {
  const isMobile = useIsMobile();
  return (
    <LazySheet
      open={isMobile && open}
      onOpenChange={sidebarActions.setMobileOpen}
      title="Shop by category"
      side="left"
      className="max-w-[18rem]"
    >
      {children}
    </LazySheet>
  );
}

export function Sidebar() {
  const { expanded, mobileOpen } = useSidebarState();
  const wide = useIsWide();
  const [openGroups, setOpenGroups] = useState<OpenGroups>({});
  useToggleShortcut();
  useCloseSheetOnNavigate();

  const ToggleIcon = expanded ? PanelLeftClose : PanelLeftOpen;

  return (
    <>
      <aside
        aria-label="Sidebar"
        data-state={expanded ? 'expanded' : 'collapsed'}
        className={cn(
          'sticky top-0 hidden h-dvh shrink-0 flex-col border-r border-neutral-200 bg-neutral-50 transition-[width] duration-200 md:flex',
          expanded ? 'w-64' : 'w-12',
        )}
      >
        <div
          className={cn(
            'flex h-[5.5625rem] shrink-0 items-center border-b border-neutral-200 px-1.5',
            expanded && 'justify-between pl-4',
          )}
        >
          {expanded ? <span className="text-sm font-semibold text-neutral-900">Shop by category</span> : null}
          <button
            type="button"
            className="grid size-9 place-items-center rounded-md text-neutral-600 hover:bg-neutral-200 hover:text-neutral-900"
            aria-label="Toggle sidebar"
            title="Toggle sidebar (Ctrl+B)"
            aria-expanded={expanded}
            aria-controls={SIDEBAR_NAV_ID}
            aria-keyshortcuts="Control+B Meta+B"
            onClick={() => sidebarActions.setExpanded(!expanded)}
          >
            <ToggleIcon className="size-5" aria-hidden="true" />
          </button>
        </div>
        <nav id={SIDEBAR_NAV_ID} aria-label="Categories" className="flex-1 overflow-x-hidden overflow-y-auto">
          {/* Hidden below md: there the sheet holds the menu. */}
          {wide ? (
            <Suspense fallback={expanded ? <MenuPlaceholder /> : null}>
              {expanded ? (
                <SidebarMenu openGroups={openGroups} onOpenGroupsChange={setOpenGroups} />
              ) : (
                <SidebarRail
                  onExpandGroup={(key) => {
                    setOpenGroups((groups) => ({ ...groups, [key]: true }));
                    sidebarActions.setExpanded(true);
                  }}
                />
              )}
            </Suspense>
          ) : null}
        </nav>
        <div
          className={cn('border-t border-neutral-200 empty:hidden', expanded ? 'p-3' : 'grid place-items-center py-2')}
        >
          <SignIn compact={!expanded} />
        </div>
      </aside>
      <MobileSheet open={mobileOpen}>
        <div className="flex min-h-full flex-col">
          <nav aria-label="Categories" className="flex-1">
            <Suspense fallback={<MenuPlaceholder />}>
              <SidebarMenu openGroups={openGroups} onOpenGroupsChange={setOpenGroups} />
            </Suspense>
          </nav>
          <div className="sticky bottom-0 border-t border-neutral-200 bg-white p-3 empty:hidden">
            <SignIn />
          </div>
        </div>
      </MobileSheet>
    </>
  );
}
