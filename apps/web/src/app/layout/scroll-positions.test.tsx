import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { ScrollPositions } from './scroll-positions.js';

let scrollY = 0;
const scrollTo = vi.fn((_x: number, y: number) => {
  scrollY = y;
});

/** The shopper scrolls: the page moves, and the browser says so. */
function scroll(y: number) {
  scrollY = y;
  act(() => void window.dispatchEvent(new Event('scroll')));
}

function renderRouter() {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <ScrollPositions />
            <Outlet />
          </>
        ),
        children: [
          { path: '/products', element: <p>Listing</p> },
          { path: '/product/:id', element: <p>Product</p> },
          { path: '/admin/deliveries', element: <p>Deliveries</p> },
        ],
      },
    ],
    { initialEntries: ['/products'] },
  );
  render(<RouterProvider router={router} />);
  const go = (to: string | number) =>
    act(() => void (typeof to === 'number' ? router.navigate(to) : router.navigate(to)));
  return go;
}

beforeEach(() => {
  scrollY = 0;
  scrollTo.mockClear();
  vi.stubGlobal('scrollTo', scrollTo);
  vi.spyOn(window, 'scrollY', 'get').mockImplementation(() => scrollY);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ScrollPositions', () => {
  it('starts a new page at the top and brings Back and Forward to where that entry was', async () => {
    const go = renderRouter();
    expect(window.history.scrollRestoration).toBe('manual');
    scroll(2400);

    await go('/product/p1');
    expect(scrollY).toBe(0);
    scroll(300);

    await go(-1);
    expect(scrollY).toBe(2400);
    await go(1);
    expect(scrollY).toBe(300);
  });

  it('leaves the page where it is when only the query string changes', async () => {
    const go = renderRouter();
    await go('/admin/deliveries');
    scroll(900);
    scrollTo.mockClear();
    await go('/admin/deliveries?date=2026-05-01');
    expect(scrollTo).not.toHaveBeenCalled();
    expect(scrollY).toBe(900);
  });
});
