import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { CartPage } from './cart-page.js';
import { cartActions, useCart, type CartItem } from '../../stores/cart-store.js';
import { choosePincode, setPincodeDialogOpen, usePincodeDialogOpen } from '../../stores/pincode-store.js';
import { sentBodies, stubApi } from '../../test/account-test-utils.js';
import { FRESH_CAKES_REASON, productSummary, reach, unreachable } from '../../test/product-test-utils.js';

const item = (over: Partial<CartItem> = {}): CartItem => ({
  _id: 'p1',
  name: 'Classic Dozen Red Roses',
  image: '/roses.jpg',
  optimizedImages: { thumbnail: '/roses-thumb.webp' },
  price: 699,
  discountPrice: 0,
  countInStock: 4,
  qty: 1,
  ...over,
});

let path = '';
function Where() {
  const loc = useLocation();
  path = loc.pathname + loc.search;
  return null;
}

let couponCode: string | null = null;
let pincodeDialogOpen = false;
function CouponSpy() {
  couponCode = useCart().couponCode;
  pincodeDialogOpen = usePincodeDialogOpen();
  return null;
}

function renderPage() {
  const user = userEvent.setup();
  // Fresh for 5 s, as the app's client keeps answers (lib/query-client.ts).
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 5_000 } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/cart']}>
        <Routes>
          <Route
            path="/cart"
            element={
              <>
                <CartPage />
                <CouponSpy />
              </>
            }
          />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return user;
}

const subtotal = () => screen.getByText(/^Subtotal/).parentElement!.textContent;

beforeEach(() => {
  localStorage.clear();
  cartActions.reset();
  choosePincode(null);
  // A cart emptied in a test asks for its suggestions; none is what most tests need.
  stubApi({ 'GET /api/products/top': [200, { products: [] }] });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setPincodeDialogOpen(false);
});

describe('the /cart page', () => {
  it('lists the lines with a quantity select from 1 to the stock and the subtotal', async () => {
    act(() => {
      cartActions.add(item({ qty: 2 }));
      cartActions.add(item({ _id: 'p2', name: 'Vanilla Cake', price: 500, discountPrice: 450, countInStock: 2 }));
    });
    const user = renderPage();
    expect(screen.queryByRole('heading', { level: 1, name: 'Shopping Cart' })).not.toBeNull();
    expect(document.title).toBe('Shopping Cart | Phoolwala Gifts');
    expect(subtotal()).toBe('Subtotal (3 items)₹1,848');
    expect(screen.getByRole('link', { name: 'Vanilla Cake' }).getAttribute('href')).toBe('/product/p2');

    const roses = screen.getByRole('combobox', { name: 'Quantity of Classic Dozen Red Roses' });
    expect(
      within(roses)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['1', '2', '3', '4']);
    expect(roses).toHaveProperty('value', '2');
    await user.selectOptions(roses, '4');
    expect(subtotal()).toBe('Subtotal (5 items)₹3,246');

    await user.click(screen.getByRole('button', { name: 'Remove Classic Dozen Red Roses' }));
    expect(subtotal()).toBe('Subtotal (1 item)₹450');
    await user.click(screen.getByRole('button', { name: 'Proceed To Checkout' }));
    expect(path).toBe('/login?redirect=/shipping');
  });

  it('shows an empty cart with Go Back and top-rated gifts, and no summary to check out from', async () => {
    const fetchMock = stubApi({
      'GET /api/products/top': [200, { products: [1, 2, 3, 4, 5, 6, 7].map((n) => productSummary(n)) }],
    });
    const user = renderPage();
    expect(screen.queryByText('Your cart is empty')).not.toBeNull();
    // Nothing to total, discount, tax or check out.
    expect(screen.queryByRole('region', { name: 'Order summary' })).toBeNull();
    expect(screen.queryByText(/Subtotal|₹0/)).toBeNull();
    expect(screen.queryByLabelText('Coupon code')).toBeNull();
    expect(screen.queryByText(/incl\. GST/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Proceed To Checkout' })).toBeNull();

    const row = await screen.findByRole('region', { name: 'Top-rated gifts' });
    expect(within(row).getAllByRole('article')).toHaveLength(4);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/products/top']);
    await user.click(within(row).getByRole('heading', { name: 'Gift 3' }).querySelector('a')!);
    expect(path).toBe(`/product/${productSummary(3)._id}`);
  });

  it('goes back from an empty cart, and asks its top-rated gifts for the chosen PIN code', async () => {
    const fetchMock = stubApi({ 'GET /api/products/top?pincode=682001': [200, { products: [productSummary(1)] }] });
    choosePincode('682001');
    const user = renderPage();
    await screen.findByRole('region', { name: 'Top-rated gifts' });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/products/top?pincode=682001']);
    await user.click(screen.getByRole('link', { name: 'Go Back' }));
    expect(path).toBe('/');
  });
});

const VALIDATE = 'POST /api/coupons/validate';
const summary = () => screen.getByRole('region', { name: 'Order summary' });

describe('the coupon and the GST in the /cart page', () => {
  // A ₹1,050 cake at 5 % GST: ₹50 of its price is GST.
  const cake = item({ _id: 'c1', name: 'Truffle Cake', price: 1050, gstRate: 5, countInStock: 3 });

  it('shows the GST the prices include, with no GST known for a line stored before it (0 %)', () => {
    act(() => {
      cartActions.add(cake);
      cartActions.add(item({ qty: 1 }));
    });
    renderPage();
    expect(subtotal()).toBe('Subtotal (2 items)₹1,749');
    expect(within(summary()).getByText('incl. GST ₹50')).not.toBeNull();
  });

  it('applies a coupon: the server is asked with the items, the discount, the new total and GST show', async () => {
    act(() => cartActions.add(cake));
    const fetchMock = stubApi({
      [VALIDATE]: [200, { couponCode: 'FLAT100', couponDiscount: 100, message: 'FLAT100 applied: you save ₹100' }],
    });
    const user = renderPage();
    await user.type(screen.getByLabelText('Coupon code'), ' flat100 ');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    expect((await screen.findByRole('status')).textContent).toBe('FLAT100 applied: you save ₹100');
    expect(sentBodies(fetchMock, VALIDATE)).toEqual([{ couponCode: 'FLAT100', orderItems: [{ _id: 'c1', qty: 1 }] }]);
    const text = summary().textContent;
    expect(text).toContain('Coupon (FLAT100)−₹100');
    expect(text).toContain('Total₹950');
    // GST carved out of ₹950 at 5 %: 950 − 950/1.05.
    expect(text).toContain('incl. GST ₹45.24');
    // Kept with the cart, so checkout sends it.
    expect(couponCode).toBe('FLAT100');

    await user.click(screen.getByRole('button', { name: 'Remove coupon FLAT100' }));
    expect(couponCode).toBeNull();
    expect(summary().textContent).not.toContain('Coupon (FLAT100)');
    expect(within(summary()).getByText('incl. GST ₹50')).not.toBeNull();
    expect(screen.getByLabelText('Coupon code')).not.toBeNull();
  });

  it("shows a refused coupon's message as an alert tied to the input, and keeps no coupon", async () => {
    act(() => cartActions.add(item({ qty: 1 })));
    stubApi({ [VALIDATE]: [400, { message: 'Add ₹300 more to use this coupon', code: 'VALIDATION' }] });
    const user = renderPage();
    const input = screen.getByLabelText('Coupon code');
    await user.type(input, 'FLAT100{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Add ₹300 more to use this coupon');
    expect(input.getAttribute('aria-describedby')).toBe(alert.id);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(couponCode).toBeNull();
    expect(summary().textContent).not.toContain('Coupon (');
  });

  it('refuses a malformed code without asking the server', async () => {
    act(() => cartActions.add(item()));
    const fetchMock = stubApi({});
    const user = renderPage();
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter a coupon code');
    await user.type(screen.getByLabelText('Coupon code'), 'NO SPACES');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe("A coupon code uses only letters, digits, '-' and '_'"),
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('checks an applied coupon again when the cart changes, and says when it no longer applies', async () => {
    act(() => {
      cartActions.add(item({ qty: 2 }));
      cartActions.saveCouponCode('FLAT100');
    });
    const fetchMock = stubApi({
      [VALIDATE]: (init) => {
        const { orderItems } = JSON.parse(String(init.body)) as { orderItems: { qty: number }[] };
        return orderItems[0]!.qty >= 2
          ? [200, { couponCode: 'FLAT100', couponDiscount: 100, message: 'FLAT100 applied: you save ₹100' }]
          : [400, { message: 'Add ₹300 more to use this coupon' }];
      },
    });
    const user = renderPage();
    await waitFor(() => expect(summary().textContent).toContain('Coupon (FLAT100)−₹100'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Quantity of Classic Dozen Red Roses' }), '1');
    expect((await screen.findByRole('alert')).textContent).toBe('Add ₹300 more to use this coupon');
    expect(summary().textContent).not.toContain('Coupon (FLAT100)');
    expect(sentBodies(fetchMock, VALIDATE)).toHaveLength(2);
    // Still kept: back above the minimum it applies again.
    expect(couponCode).toBe('FLAT100');
    expect(screen.getByRole('button', { name: 'Remove coupon FLAT100' }).getAttribute('aria-describedby')).toBe(
      screen.getByRole('alert').id,
    );
  });
});

describe('the /cart page and the chosen PIN code', () => {
  it('marks each line that cannot go there with why, and holds checkout back naming the lines', async () => {
    const fetchMock = stubApi({
      'GET /api/products/p1?pincode=700001': [200, { delivery: unreachable('700001') }],
      'GET /api/products/p2?pincode=700001': [200, { delivery: reach('700001', { kind: 'courier' }) }],
    });
    choosePincode('700001');
    act(() => {
      cartActions.add(item({ name: 'Black Forest Cake', variant: { _id: 'half', name: 'Half Kg' } }));
      cartActions.add(item({ name: 'Black Forest Cake', variant: { _id: 'one', name: '1 Kg' } }));
      cartActions.add(item({ _id: 'p2', name: 'Plum Cake Tin', price: 300 }));
    });
    const user = renderPage();
    const lines = within(screen.getByRole('list', { name: 'Cart items' })).getAllByRole('listitem');
    await within(lines[0]!).findByText("Can't be delivered to 700001.");
    expect(lines.map((l) => within(l).queryByText(FRESH_CAKES_REASON, { exact: false }) !== null)).toEqual([
      true,
      true,
      false,
    ]);
    // One answer per product, however many of its lines.
    expect(fetchMock.mock.calls.map(([url]) => url).sort()).toEqual([
      '/api/products/p1?pincode=700001',
      '/api/products/p2?pincode=700001',
    ]);

    const checkout = screen.getByRole('button', { name: 'Proceed To Checkout' });
    expect(checkout).toHaveProperty('disabled', true);
    expect(document.getElementById(checkout.getAttribute('aria-describedby')!)?.textContent).toBe(
      "Can't be delivered to 700001: Black Forest Cake. Remove it, or change the PIN code, to check out.",
    );
    await user.click(screen.getByRole('button', { name: 'change the PIN code' }));
    expect(pincodeDialogOpen).toBe(true);
  });
});
