import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { CartPanel } from './cart-panel.js';
import { setCartPanelOpen, useCartPanelOpen } from '../../stores/cart-panel-store.js';
import { cartActions, type CartItem } from '../../stores/cart-store.js';
import { choosePincode } from '../../stores/pincode-store.js';
import { stubApi } from '../../test/account-test-utils.js';
import { midnight } from '../../test/order-test-utils.js';
import { FRESH_CAKES_REASON, productSummary, reach, unreachable } from '../../test/product-test-utils.js';

const item = (over: Partial<CartItem> = {}): CartItem => ({
  _id: 'p1',
  name: 'Classic Dozen Red Roses',
  image: '/roses.jpg',
  optimizedImages: { thumbnail: '/roses-thumb.webp' },
  price: 699,
  discountPrice: 0,
  countInStock: 3,
  qty: 1,
  ...over,
});

let path = '';
function Where() {
  path = useLocation().pathname + useLocation().search;
  return null;
}
let panelOpen = false;
function OpenSpy() {
  panelOpen = useCartPanelOpen();
  return null;
}

function renderPanel() {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/product/p1']}>
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
        <CartPanel />
        <OpenSpy />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  act(() => setCartPanelOpen(true));
  return user;
}

const panel = () => screen.getByRole('dialog');

beforeEach(() => {
  localStorage.clear();
  cartActions.reset();
  choosePincode(null);
  // A cart emptied in a test asks for its suggestions; none is what most tests need.
  stubApi({ 'GET /api/products/top': [200, { products: [] }] });
});
afterEach(() => {
  act(() => setCartPanelOpen(false));
  cleanup();
  vi.unstubAllGlobals();
});

describe('the cart side panel', () => {
  it("shows a cake's options under its name and prices the line with them", () => {
    cartActions.add(
      item({
        _id: 'cake',
        name: 'Truffle Cake',
        price: 799,
        gstRate: 5,
        variant: { _id: 'half', name: 'Half Kg' },
        options: [
          { _id: 'egg', name: 'Eggless', value: null, price: 50 },
          { _id: 'msg', name: 'Message on cake', value: 'Happy birthday, Amma', price: 0 },
        ],
      }),
    );
    renderPanel();
    const line = within(within(panel()).getByRole('list', { name: 'Cart items' })).getAllByRole('listitem')[0]!;
    expect(
      within(within(panel()).getByRole('list', { name: 'Options' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Eggless (+₹50)', 'Message on cake: “Happy birthday, Amma”']);
    expect(within(line).queryByText('₹849')).not.toBeNull();
    expect(within(panel()).queryByText('incl. GST ₹40.43')).not.toBeNull();
  });

  it('invites an empty cart to keep shopping, with no summary and top-rated gifts to open', async () => {
    const fetchMock = stubApi({
      'GET /api/products/top': [200, { products: [1, 2, 3, 4, 5, 6, 7].map((n) => productSummary(n)) }],
    });
    const user = renderPanel();
    expect(within(panel()).queryByRole('heading', { name: 'Cart (0)' })).not.toBeNull();
    expect(within(panel()).queryByText('Your cart is empty')).not.toBeNull();
    expect(panel().textContent).toContain('Have an account! Log in to check out faster.');
    expect(within(panel()).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(within(panel()).queryByRole('link', { name: 'Continue Shopping' })).not.toBeNull();
    // Nothing to total, ship or check out.
    expect(within(panel()).queryByRole('button', { name: 'Checkout' })).toBeNull();
    expect(panel().textContent).not.toMatch(/Total|Estimated Shipping|₹0|calculated at checkout/);

    const row = await within(panel()).findByRole('region', { name: 'Top-rated gifts' });
    expect(
      within(row)
        .getAllByRole('article')
        .map((card) => within(card).getByRole('heading').textContent),
    ).toEqual(['Gift 1', 'Gift 2', 'Gift 3', 'Gift 4']);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/products/top']);
    // The picture's link, which comes first.
    await user.click(within(row).getAllByRole('link', { name: 'Gift 2' })[0]!);
    expect(path).toBe(`/product/${productSummary(2)._id}`);
    expect(panelOpen).toBe(false);
  });

  it("asks the empty cart's top-rated gifts for the recipient's PIN code", async () => {
    const fetchMock = stubApi({
      'GET /api/products/top?pincode=682001': [200, { products: [productSummary(9)] }],
    });
    choosePincode('682001');
    renderPanel();
    const row = await within(panel()).findByRole('region', { name: 'Top-rated gifts' });
    expect(within(row).getAllByRole('article')).toHaveLength(1);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/products/top?pincode=682001']);
  });

  it('leaves the row out, and the empty cart as it is, when the top-rated gifts cannot be had', async () => {
    const fetchMock = stubApi({ 'GET /api/products/top': [503, { message: 'Try again' }] });
    renderPanel();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    // The refusal read and the query settled: every promise behind it resolves before a timer fires.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(within(panel()).queryByRole('region', { name: 'Top-rated gifts' })).toBeNull();
    expect(within(panel()).queryByText('Try again')).toBeNull();
    expect(within(panel()).queryByRole('link', { name: 'Continue Shopping' })).not.toBeNull();
  });

  it('counts quantities in the title and says how far free shipping is', () => {
    act(() => cartActions.add(item({ qty: 1 })));
    renderPanel();
    expect(within(panel()).queryByRole('heading', { name: 'Cart (1)' })).not.toBeNull();
    expect(within(panel()).queryByText('You are ₹301 away from free shipping!')).not.toBeNull();
    expect(within(panel()).queryByText(/You are saving/)).toBeNull();
    expect(panel().textContent).toContain('Total₹699');
    // A line without a GST rate (stored before prices carried one) counts as 0 %.
    expect(within(panel()).queryByText('incl. GST ₹0')).not.toBeNull();
    // Not free yet, as the banner says: the store's standard charge.
    expect(panel().textContent).toContain('Estimated Shipping: ₹100');
    expect(panel().textContent).toContain(
      'Final shipping amount, discounts, taxes, and fees are calculated at checkout',
    );
  });

  it('shows the GST included in the total, line by line at its own rate', () => {
    act(() => {
      // ₹1,050 at 5 % includes ₹50; ₹1,180 at 18 % includes ₹180.
      cartActions.add(item({ price: 1050, gstRate: 5 }));
      cartActions.add(item({ _id: 'p2', name: 'Gift Hamper', price: 1180, gstRate: 18 }));
    });
    renderPanel();
    expect(panel().textContent).toContain('Total₹2,230');
    expect(within(panel()).queryByText('incl. GST ₹230')).not.toBeNull();
  });

  it('unlocks free shipping above ₹1000 and shows the savings and the PIN code', () => {
    stubApi({
      'GET /api/products/p1?pincode=682001': [200, { delivery: reach('682001') }],
      'GET /api/products/p2?pincode=682001': [200, { delivery: reach('682001') }],
    });
    choosePincode('682001');
    act(() => {
      cartActions.add(item({ price: 999, discountPrice: 649, qty: 2 }));
      cartActions.add(item({ _id: 'p2', name: 'Vanilla Cake', price: 300 }));
    });
    renderPanel();
    expect(within(panel()).queryByRole('heading', { name: 'Cart (3)' })).not.toBeNull();
    expect(within(panel()).queryByText('You are saving ₹700 on this order')).not.toBeNull();
    expect(within(panel()).queryByText("You've unlocked free shipping!")).not.toBeNull();
    expect(within(panel()).queryByText(/away from free shipping/)).toBeNull();
    expect(panel().textContent).toContain('Estimated Shipping to 682001: Free');
  });

  it('still asks for a paisa more at exactly ₹1000, and charges for shipping', () => {
    act(() => cartActions.add(item({ price: 500, qty: 2 })));
    renderPanel();
    expect(within(panel()).queryByText('You are ₹0.01 away from free shipping!')).not.toBeNull();
    expect(panel().textContent).toContain('Estimated Shipping: ₹100');
  });

  it("adds a slot's fee chosen at checkout to the shipping, free or not", () => {
    act(() => {
      cartActions.add(item({ price: 1200 }));
      cartActions.saveDelivery(midnight({ fee: 250 }));
    });
    renderPanel();
    expect(within(panel()).queryByText("You've unlocked free shipping!")).not.toBeNull();
    expect(panel().textContent).toContain(`Estimated Shipping: Free + ₹250 for the ${midnight().label} slot`);

    act(() => {
      cartActions.reset();
      cartActions.add(item({ price: 400 }));
      cartActions.saveDelivery(midnight({ fee: 250 }));
    });
    expect(panel().textContent).toContain(`Estimated Shipping: ₹100 + ₹250 for the ${midnight().label} slot`);
  });

  it('changes quantities within 1..stock, removes lines and goes to checkout', async () => {
    act(() => cartActions.add(item({ qty: 2, countInStock: 3, variant: { _id: 'v24', name: '24 Stems' } })));
    const user = renderPanel();
    const line = within(panel()).getByRole('listitem');
    expect(within(line).queryByText('24 Stems')).not.toBeNull();
    const plus = within(line).getByRole('button', { name: 'Increase quantity of Classic Dozen Red Roses' });
    const minus = within(line).getByRole('button', { name: 'Decrease quantity of Classic Dozen Red Roses' });
    await user.click(plus);
    expect(within(panel()).queryByRole('heading', { name: 'Cart (3)' })).not.toBeNull();
    expect(plus).toHaveProperty('disabled', true);
    await user.click(minus);
    await user.click(minus);
    expect(within(panel()).queryByRole('heading', { name: 'Cart (1)' })).not.toBeNull();
    expect(minus).toHaveProperty('disabled', true);

    await user.click(within(panel()).getByRole('button', { name: 'Checkout' }));
    expect(path).toBe('/login?redirect=/shipping');
    expect(panelOpen).toBe(false);

    act(() => setCartPanelOpen(true));
    await user.click(within(panel()).getByRole('button', { name: 'Remove Classic Dozen Red Roses' }));
    expect(within(panel()).queryByText('Your cart is empty')).not.toBeNull();
  });

  it('shows the struck-through price of a discounted line and links to the product', async () => {
    act(() => cartActions.add(item({ price: 999, discountPrice: 649 })));
    const user = renderPanel();
    const line = within(panel()).getByRole('listitem');
    expect(line.querySelector('s')?.textContent).toBe('was ₹999');
    expect(line.textContent).toContain('₹649');
    await user.click(within(line).getByRole('link', { name: 'Classic Dozen Red Roses' }));
    expect(path).toBe('/product/p1');
    expect(panelOpen).toBe(false);
  });

  it('marks a line that cannot reach the chosen PIN code, holds Checkout back, and lets go once the PIN code changes', async () => {
    stubApi({
      'GET /api/products/p1?pincode=700001': [200, { delivery: unreachable('700001') }],
      'GET /api/products/p2?pincode=700001': [200, { delivery: reach('700001', { kind: 'courier' }) }],
      'GET /api/products/p1?pincode=682001': [200, { delivery: reach('682001') }],
      'GET /api/products/p2?pincode=682001': [200, { delivery: reach('682001') }],
    });
    choosePincode('700001');
    act(() => {
      cartActions.add(item({ name: 'Black Forest Cake' }));
      cartActions.add(item({ _id: 'p2', name: 'Plum Cake Tin', price: 300 }));
    });
    renderPanel();
    const [cake, tin] = within(panel()).getAllByRole('listitem');
    expect((await within(cake!).findByText("Can't be delivered to 700001.")).closest('p')?.textContent).toBe(
      `Can't be delivered to 700001. ${FRESH_CAKES_REASON}`,
    );
    expect(within(tin!).queryByText(/Can't be delivered/)).toBeNull();
    const checkout = within(panel()).getByRole('button', { name: 'Checkout' });
    expect(checkout).toHaveProperty('disabled', true);
    const why = document.getElementById(checkout.getAttribute('aria-describedby')!)!;
    expect(why.textContent).toBe(
      "Can't be delivered to 700001: Black Forest Cake. Remove it, or change the PIN code, to check out.",
    );

    act(() => choosePincode('682001'));
    await within(panel()).findByText('Estimated Shipping to 682001: ₹100', { exact: false });
    await vi.waitFor(() => expect(checkout).toHaveProperty('disabled', false));
    expect(within(panel()).queryByText(/Can't be delivered/)).toBeNull();
  });
});
