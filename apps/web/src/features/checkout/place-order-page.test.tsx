import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { Route } from 'react-router';
import { toast } from 'sonner';
import { asha, renderRoutes, sentBodies, stubApi, type Answers } from '../../test/account-test-utils.js';
import { setUserInfo } from '../../stores/user-store.js';
import { cartActions, useCart } from '../../stores/cart-store.js';
import { address, cake, order, ORDER_ID, roses } from '../../test/order-test-utils.js';
import { PlaceOrderPage } from './place-order-page.js';

let cart: ReturnType<typeof useCart>;
function CartSpy() {
  cart = useCart();
  return null;
}

function renderPlaceOrder(answers: Answers) {
  const fetchMock = stubApi(answers);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const rendered = renderRoutes(
    '/placeorder',
    <Route
      path="/placeorder"
      element={
        <>
          <PlaceOrderPage />
          <CartSpy />
        </>
      }
    />,
    client,
  );
  return { ...rendered, fetchMock };
}

const where = () => screen.queryByRole('status', { name: 'where' })?.textContent;
const confirmButton = () => screen.getByRole('button', { name: 'Confirm Order' }) as HTMLButtonElement;
const keysSent = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls
    .filter(([url, init]) => url === '/api/orders' && init?.method === 'POST')
    .map(([, init]) => (init?.headers as Record<string, string>)['Idempotency-Key']);

beforeEach(() => {
  localStorage.clear();
  vi.spyOn(toast, 'error');
  act(() => {
    setUserInfo({ ...asha, expirationTime: Date.now() + 1e6 });
    cartActions.reset();
    cartActions.add(roses());
    cartActions.add(cake());
    cartActions.saveShippingAddress(address);
    cartActions.savePaymentMethod('Razorpay');
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  act(() => setUserInfo(null));
});

describe('the /placeorder page', () => {
  it('shows the address, the method, the lines and the totals in rupees', () => {
    renderPlaceOrder({});
    expect(document.title).toBe('Confirm Order | Phoolwala Gifts');
    const shipping = screen.getByRole('region', { name: 'Shipping' });
    expect(shipping.textContent).toContain('Asha Menon');
    expect(shipping.textContent).toContain(
      'Flat 4B, Lotus Apartments, 12 MG Road, Ravipuram, Ernakulam, Kerala 682011',
    );
    expect(shipping.textContent).toContain('+91 9847012345');
    expect(screen.getByRole('region', { name: 'Payment Method' }).textContent).toContain('Razorpay');

    const items = screen.getByRole('list', { name: 'Order items' });
    const lines = within(items).getAllByRole('listitem');
    expect(lines[0]!.textContent).toContain('2 × ₹699 = ₹1,398');
    expect(within(lines[0]!).getByRole('link', { name: 'Classic Dozen Red Roses' }).getAttribute('href')).toBe(
      '/product/p1',
    );
    expect(lines[1]!.textContent).toContain('Half Kg');
    expect(lines[1]!.textContent).toContain('1 × ₹549 = ₹549');

    const summary = screen.getByRole('region', { name: 'Order Summary' });
    expect(summary.textContent).toContain('Items₹1,947');
    expect(summary.textContent).toContain('Shipping₹0');
    expect(summary.textContent).toContain('TaxInclusive.');
    expect(summary.textContent).toContain('Total₹1,947');
    expect(
      screen.getByRole('navigation', { name: 'Checkout steps' }).querySelector('[aria-current="step"]')?.textContent,
    ).toBe('3Confirm Order');
  });

  it('places the order once with an Idempotency-Key, empties the cart and opens the order', async () => {
    let answer!: (a: [number, unknown]) => void;
    const { user, fetchMock, client } = renderPlaceOrder({
      'POST /api/orders': () => new Promise((resolve) => (answer = resolve)),
    });
    client.setQueryData(['Product', 'p1'], { countInStock: 4 });
    client.setQueryData(['Order', 'mine'], []);
    await user.click(confirmButton());
    expect(confirmButton().disabled).toBe(true);
    await user.click(confirmButton());
    await act(async () => answer([201, order({ _id: ORDER_ID })]));

    await waitFor(() => expect(where()).toBe(`/order/${ORDER_ID}`));
    expect(sentBodies(fetchMock, 'POST /api/orders')).toEqual([
      {
        orderItems: [
          { _id: 'p1', qty: 2, name: 'Classic Dozen Red Roses', image: '/roses.jpg', price: 699, discountPrice: 0 },
          {
            _id: 'p2',
            qty: 1,
            variant: { _id: 'v1' },
            name: 'Belgian Chocolate Truffle Cake',
            image: '/cake.jpg',
            price: 549,
            discountPrice: 0,
          },
        ],
        shippingAddress: address,
        paymentMethod: 'Razorpay',
        itemsPrice: 1947,
        shippingPrice: 0,
        taxPrice: 0,
        totalPrice: 1947,
      },
    ]);
    const [key] = keysSent(fetchMock);
    expect(key).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
    expect(cart.cartItems).toEqual([]);
    // The address stays for the next order.
    expect(cart.shippingAddress).toEqual(address);
    // Orders and stock are asked again; the new order is already known.
    expect(client.getQueryState(['Order', 'mine'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['Product', 'p1'])?.isInvalidated).toBe(true);
    expect(client.getQueryData(['Order', ORDER_ID])).toMatchObject({ _id: ORDER_ID });
  });

  it('toasts a refusal, retries the same cart with the same key, and a changed cart with a new one', async () => {
    const answers: [number, unknown][] = [
      [409, { message: 'Only 1 left of Classic Dozen Red Roses' }],
      [503, { message: 'Service unavailable' }],
      [409, { message: 'Belgian Chocolate Truffle Cake is out of stock' }],
    ];
    const { user, fetchMock } = renderPlaceOrder({ 'POST /api/orders': () => answers.shift()! });
    await user.click(confirmButton());
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Only 1 left of Classic Dozen Red Roses'));
    expect(confirmButton().disabled).toBe(false);
    await user.click(confirmButton());
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Service unavailable'));
    act(() => cartActions.add(roses({ qty: 1 })));
    await user.click(confirmButton());
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Belgian Chocolate Truffle Cake is out of stock'));

    const keys = keysSent(fetchMock);
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
    expect(where()).toBeUndefined();
    expect(cart.cartItems).toHaveLength(2);
  });

  it('cannot confirm an empty cart', () => {
    act(() => cartActions.clearItems());
    renderPlaceOrder({});
    expect(confirmButton().disabled).toBe(true);
    expect(screen.getByText('Your cart is empty.')).not.toBeNull();
  });
});
