import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { Tooltip } from 'radix-ui';
import { Sidebar } from './sidebar.js';
import { readSidebarCookie, sidebarActions } from './sidebar-store.js';

const catalog = {
  categories: [
    { name: 'Flowers', subcategories: ['Roses', 'Rose Bouquet'] },
    { name: 'Cakes', subcategories: ['Plum cakes'] },
  ],
  colorPalettes: {},
  occasions: ['Birthday'],
  homeOccasions: [],
  recipients: ['For Her'],
  materials: [],
  arrangementStyles: [],
  fragrances: [],
  defaultFragrance: 'Mild',
  defaultCareInstructions: '',
  vendors: [],
};

function renderSidebar() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <Tooltip.Provider>
        <MemoryRouter>
          <Sidebar />
        </MemoryRouter>
      </Tooltip.Provider>
    </QueryClientProvider>,
  );
}

const clearCookie = () => (document.cookie = 'sidebar:state=; path=/; max-age=0');

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(catalog), { headers: { 'content-type': 'application/json' } })),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearCookie();
});

describe('sidebar state cookie', () => {
  it('is expanded unless the cookie says false', () => {
    expect(readSidebarCookie()).toBe(true);
    document.cookie = 'sidebar:state=false; path=/';
    expect(readSidebarCookie()).toBe(false);
    document.cookie = 'sidebar:state=true; path=/';
    expect(readSidebarCookie()).toBe(true);
  });
});

describe('Sidebar', () => {
  it('starts as the cookie left it, toggles with Ctrl+b and Cmd+b and saves each change', async () => {
    document.cookie = 'sidebar:state=false; path=/';
    const user = userEvent.setup();
    renderSidebar();
    const toggle = screen.getByRole('button', { name: 'Toggle sidebar' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    // Collapsed: the rail shows icon links named after each category.
    expect((await screen.findByRole('link', { name: 'Flowers' })).getAttribute('href')).toBe(
      '/products?category=Flowers',
    );

    await user.keyboard('{Control>}b{/Control}');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(document.cookie).toContain('sidebar:state=true');
    expect(screen.queryByText('Shop by category')).not.toBeNull();

    await user.keyboard('{Meta>}b{/Meta}');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.cookie).toContain('sidebar:state=false');

    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(document.cookie).toContain('sidebar:state=true');
  });

  it('lists categories with their subcategories, recipients and occasions, and a Sign In button', async () => {
    sidebarActions.setExpanded(true);
    const user = userEvent.setup();
    renderSidebar();
    const nav = screen.getByRole('navigation', { name: 'Categories' });
    const flowers = await within(nav).findByRole('link', { name: 'Flowers' });
    expect(flowers.getAttribute('href')).toBe('/products?category=Flowers');
    expect(within(nav).queryByRole('link', { name: 'Rose Bouquet' })).toBeNull();

    await user.click(within(nav).getByRole('button', { name: 'Flowers subcategories' }));
    expect(within(nav).getByRole('link', { name: 'Rose Bouquet' }).getAttribute('href')).toBe(
      '/products?category=Flowers&subcategory=Rose+Bouquet',
    );

    await user.click(within(nav).getByRole('button', { name: 'Recipients' }));
    expect(within(nav).getByRole('link', { name: 'For Her' }).getAttribute('href')).toBe('/products?recipient=For+Her');
    await user.click(within(nav).getByRole('button', { name: 'Occasions' }));
    expect(within(nav).getByRole('link', { name: 'Birthday' }).getAttribute('href')).toBe(
      '/products?occasion=Birthday',
    );

    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/login');
  });
});
