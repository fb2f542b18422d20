import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { Route } from 'react-router';
import { asha, renderRoutes, stubApi } from '../../test/account-test-utils.js';
import { setUserInfo } from '../../stores/user-store.js';
import { cartActions, useCart } from '../../stores/cart-store.js';
import { address, midnight, roses } from '../../test/order-test-utils.js';
import { NOW } from '../../test/delivery-test-utils.js';
import { PaymentPage } from './payment-page.js';
import { PlaceOrderPage } from './place-order-page.js';

let cart: ReturnType<typeof useCart>;
function CartSpy() {
  cart = useCart();
  return null;
}

function renderAt(path: string) {
  stubApi({});
  return renderRoutes(
    path,
    <>
      <Route
        path="/payment"
        element={
          <>
            <PaymentPage />
            <CartSpy />
          </>
        }
      />
      <Route path="/placeorder" element={<PlaceOrderPage />} />
    </>,
  );
}

const where = () => screen.queryByRole('status', { name: 'where' })?.textContent;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  localStorage.clear();
  act(() => {
    setUserInfo({ ...asha, expirationTime: Date.now() + 1e6 });
    cartActions.reset();
    cartActions.add(roses());
    cartActions.saveDelivery(midnight());
  });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  act(() => setUserInfo(null));
});

describe('the /payment page', () => {
  it('sends a shopper without an address to /shipping', () => {
    renderAt('/payment');
    expect(where()).toBe('/shipping');
  });

  it('offers UPI or card through Razorpay, checked, and goes on to /placeorder', async () => {
    act(() => {
      cartActions.saveShippingAddress(address);
      cartActions.saveContactPhone('9895011111');
      cartActions.savePaymentMethod('');
    });
    const { user } = renderAt('/payment');
    expect(document.title).toBe('Payment Method | Phoolwala Gifts');
    const radio = screen.getByRole('radio', { name: 'UPI or Credit/Debit Card' }) as HTMLInputElement;
    expect(radio.checked).toBe(true);
    expect(radio.value).toBe('Razorpay');
    const steps = screen.getByRole('navigation', { name: 'Checkout steps' });
    expect([...steps.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual(['/login', '/shipping']);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(cart.paymentMethod).toBe('Razorpay');
    // On to /placeorder, which now has both an address and a method and stays.
    expect(screen.queryByRole('heading', { level: 1, name: 'Confirm Order' })).not.toBeNull();
  });
});

describe('the /placeorder page’s way in', () => {
  it('sends a shopper without an address to /shipping', () => {
    renderAt('/placeorder');
    expect(where()).toBe('/shipping');
  });

  it("sends a cart kept from before checkout asked for the buyer's mobile back to /shipping", () => {
    act(() => {
      cartActions.saveShippingAddress(address);
      cartActions.savePaymentMethod('Razorpay');
    });
    renderAt('/placeorder');
    expect(where()).toBe('/shipping');
  });

  it('sends a shopper without a payment method to /payment (and from there nowhere else)', () => {
    act(() => {
      cartActions.saveShippingAddress(address);
      cartActions.saveContactPhone('9895011111');
      cartActions.savePaymentMethod('');
    });
    renderAt('/placeorder');
    expect(screen.queryByRole('heading', { level: 1, name: 'Payment Method' })).not.toBeNull();
  });
});
