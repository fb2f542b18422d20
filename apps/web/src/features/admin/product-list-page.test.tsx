import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { toast } from 'sonner';
import { setUserInfo } from '../../stores/user-store.js';
import { admin, renderRoutes, stubApi, summary, uuid } from './admin-test-utils.js';
import { ProductListPage } from './product-list-page.js';

const routes = (
  <>
    <Route path="/admin/productlist" element={<ProductListPage />} />
    <Route path="/admin/productlist/:pageNumber" element={<ProductListPage />} />
  </>
);

const rows = () =>
  within(screen.getByRole('region', { name: 'Products' }))
    .getAllByRole('row')
    .slice(1);

beforeEach(() => {
  vi.spyOn(toast, 'success');
  vi.spyOn(toast, 'error');
  act(() => setUserInfo(admin));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  act(() => setUserInfo(null));
});

describe('the admin product list', () => {
  it("lists every product with the spec's columns, 'NA' for no vendor, and badges for drafts and unavailable ones", async () => {
    stubApi({
      'GET /api/products/admin?pageNumber=1': [
        200,
        {
          page: 1,
          pages: 1,
          products: [
            { ...summary(1, { name: 'Sample Product', available: false, category: '', brand: '' }), vendor: [] },
            { ...summary(2, { name: 'Red Roses', price: 799 }), vendor: ['Kochi Bloom House', 'Malabar Bakers'] },
            { ...summary(3, { name: 'Old Lilies', available: false }), vendor: [] },
          ],
        },
      ],
    });
    renderRoutes('/admin/productlist', routes);
    expect(screen.queryByRole('heading', { level: 1, name: 'Products' })).not.toBeNull();
    await waitFor(() => expect(rows()).toHaveLength(3));
    const headers = within(screen.getByRole('region', { name: 'Products' }))
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['ID', 'NAME', 'VENDOR', 'PRICE', 'CATEGORY', 'BRAND', 'Actions']);

    const [draft, roses, lilies] = rows() as [HTMLElement, HTMLElement, HTMLElement];
    const cells = (row: HTMLElement) => within(row).getAllByRole('cell');
    expect(cells(draft)[2]!.textContent).toBe('NA');
    expect(within(draft).queryByText('Draft')).not.toBeNull();
    expect(cells(roses)[0]!.textContent).toBe(`${uuid(2).slice(0, 8)}…`);
    expect(cells(roses)[2]!.textContent).toBe('Kochi Bloom House, Malabar Bakers');
    expect(cells(roses)[3]!.textContent).toBe('₹799');
    expect(cells(roses)[4]!.textContent).toBe('Flowers');
    expect(cells(roses)[5]!.textContent).toBe('Phoolwala');
    expect(within(roses).queryByText('Draft')).toBeNull();
    expect(within(roses).queryByText('Unavailable')).toBeNull();
    expect(within(lilies).queryByText('Unavailable')).not.toBeNull();
    expect(within(roses).getByRole('link', { name: 'Edit Red Roses' }).getAttribute('href')).toBe(
      `/admin/product/${uuid(2)}/edit`,
    );
    // One page only: no page links.
    expect(screen.queryByRole('navigation', { name: 'Pages of products' })).toBeNull();
  });

  it('reads the page from the URL and links every page when there are several', async () => {
    const fetchMock = stubApi({
      'GET /api/products/admin?pageNumber=2': [
        200,
        { page: 2, pages: 3, products: [{ ...summary(101), vendor: ['Malabar Bakers'] }] },
      ],
    });
    renderRoutes('/admin/productlist/2', routes);
    const nav = await screen.findByRole('navigation', { name: 'Pages of products' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/admin/productlist/1',
      '/admin/productlist/2',
      '/admin/productlist/3',
    ]);
    expect(links.map((l) => l.getAttribute('aria-current'))).toEqual([null, 'page', null]);
    expect(fetchMock).toHaveBeenCalledWith('/api/products/admin?pageNumber=2', expect.anything());
  });

  it('searches by name from the URL, keeps the search on every page link, and a new search starts at page 1', async () => {
    const fetchMock = stubApi({
      'GET /api/products/admin?pageNumber=2&q=red%20rose': [
        200,
        { page: 2, pages: 2, products: [{ ...summary(7, { name: 'Red Roses' }), vendor: [] }] },
      ],
      'GET /api/products/admin?pageNumber=1&q=lily': [200, { page: 1, pages: 1, products: [] }],
    });
    const { user } = renderRoutes('/admin/productlist/2?q=red%20rose', routes);
    const nav = await screen.findByRole('navigation', { name: 'Pages of products' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.getAttribute('href')),
    ).toEqual(['/admin/productlist/1?q=red%20rose', '/admin/productlist/2?q=red%20rose']);
    const box = screen.getByLabelText('Search products') as HTMLInputElement;
    expect(box.value).toBe('red rose');
    await user.clear(box);
    await user.type(box, 'lily{Enter}');
    expect(await screen.findByText("No products named like 'lily'.")).not.toBeNull();
    expect(fetchMock).toHaveBeenCalledWith('/api/products/admin?pageNumber=1&q=lily', expect.anything());
  });

  it("creates a draft only after 'Are you sure you want to create a new product?', then opens its edit page", async () => {
    const draft = summary(9, { name: 'Sample Product', available: false });
    const fetchMock = stubApi({
      'GET /api/products/admin?pageNumber=1': [200, { page: 1, pages: 1, products: [] }],
      'POST /api/products': [201, draft],
      [`GET /api/products/${draft._id}/admin`]: [200, draft],
    });
    const confirm = vi.fn().mockReturnValueOnce(false).mockReturnValueOnce(true);
    vi.stubGlobal('confirm', confirm);
    const { user } = renderRoutes('/admin/productlist', routes);
    await screen.findByText('No products on this page.');

    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    expect(confirm).toHaveBeenLastCalledWith('Are you sure you want to create a new product?');
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'where' }).textContent).toBe(`/admin/product/${draft._id}/edit`),
    );
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1);
  });

  it("deletes a product after 'Are you sure' and shows the list again without it", async () => {
    let products = [
      { ...summary(1, { name: 'Red Roses' }), vendor: [] },
      { ...summary(2, { name: 'White Lilies' }), vendor: [] },
    ];
    const fetchMock = stubApi({
      'GET /api/products/admin?pageNumber=1': () => [200, { page: 1, pages: 1, products }],
      [`DELETE /api/products/${uuid(1)}`]: () => {
        products = products.slice(1);
        return [200, { message: 'Product removed' }];
      },
    });
    const confirm = vi.fn().mockReturnValueOnce(false).mockReturnValueOnce(true);
    vi.stubGlobal('confirm', confirm);
    const { user } = renderRoutes('/admin/productlist', routes);
    await waitFor(() => expect(rows()).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'Delete Red Roses' }));
    expect(confirm).toHaveBeenLastCalledWith('Are you sure');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete Red Roses' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Product removed'));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.queryByText('Red Roses')).toBeNull();
  });
});
