import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router';
import { toast } from 'sonner';
import { asha, renderRoutes, stubApi, type Answers } from '../../test/account-test-utils.js';
import { setUserInfo } from '../../stores/user-store.js';
import { cartActions, useCart } from '../../stores/cart-store.js';
import { address, roses } from '../../test/order-test-utils.js';
import { ShippingPage } from './shipping-page.js';

const ernakulam = {
  pincode: '682011',
  district: 'Ernakulam',
  state: 'Kerala',
  postOffices: ['Ernakulam North'],
  deliveryAvailable: true,
  sameDayDelivery: true,
};
const bengaluru = {
  ...ernakulam,
  pincode: '560001',
  district: 'Bengaluru',
  state: 'Karnataka',
  sameDayDelivery: false,
};

const pincodeAnswers: Answers = {
  'GET /api/pincodes/682011': [200, ernakulam],
  'GET /api/pincodes/560001': [200, bengaluru],
  'GET /api/pincodes/999999': [404, { message: 'Please enter a valid Pin' }],
  'GET /api/pincodes/194101': [
    200,
    { ...ernakulam, pincode: '194101', district: 'Leh', state: 'Ladakh', deliveryAvailable: false },
  ],
};

let cart: ReturnType<typeof useCart>;
function CartSpy() {
  cart = useCart();
  return null;
}

function renderShipping(answers: Answers = pincodeAnswers) {
  const fetchMock = stubApi(answers);
  const rendered = renderRoutes(
    '/shipping',
    <Route
      path="/shipping"
      element={
        <>
          <ShippingPage />
          <CartSpy />
        </>
      }
    />,
  );
  return { ...rendered, fetchMock };
}

const input = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const where = () => screen.queryByRole('status', { name: 'where' })?.textContent;
/** The error or hint tied to a field by aria-describedby. */
const describedBy = (label: string | RegExp, kind: 'error' | 'hint') => {
  const ids = input(label).getAttribute('aria-describedby') ?? '';
  return ids
    .split(' ')
    .map((id) => document.getElementById(id))
    .filter((el) => el?.id.endsWith(`-${kind}`))
    .map((el) => el?.textContent)
    .join('');
};
const errorOf = (label: string | RegExp) => describedBy(label, 'error');

async function fillValid(user: ReturnType<typeof renderShipping>['user'], phone = '9847012345') {
  await user.type(input('First Name'), 'Asha');
  await user.type(input('Last Name'), 'Menon');
  await user.type(input('Address Line 2'), '12 MG Road, Ravipuram');
  await user.type(input('Pin Code'), '682011');
  await waitFor(() => expect(input('City').value).toBe('Ernakulam'));
  await user.type(input('Phone'), phone);
}

beforeEach(() => {
  localStorage.clear();
  vi.spyOn(toast, 'error');
  act(() => {
    setUserInfo({ ...asha, expirationTime: Date.now() + 1e6 });
    cartActions.reset();
    cartActions.add(roses());
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  act(() => setUserInfo(null));
});

describe('the /shipping page', () => {
  it('shows the steps with Sign In done and Shipping Details current', () => {
    renderShipping();
    expect(document.title).toBe('Shipping Details | Phoolwala Gifts');
    expect(screen.queryByRole('heading', { level: 1, name: 'Shipping Details' })).not.toBeNull();
    const steps = screen.getByRole('navigation', { name: 'Checkout steps' });
    expect(steps.querySelector('a')?.getAttribute('href')).toBe('/login');
    expect(steps.querySelector('[aria-current="step"]')?.textContent).toContain('Shipping Details');
    expect(steps.querySelectorAll('a')).toHaveLength(1);
  });

  it('says which fields are required (all but Address Line 1) and stays put', async () => {
    const { user } = renderShipping();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(errorOf('First Name')).toBe('First Name is required');
    expect(errorOf('Last Name')).toBe('Last Name is required');
    expect(errorOf(/^Address Line 1/)).toBe('');
    expect(input(/^Address Line 1/).getAttribute('aria-invalid')).toBeNull();
    expect(errorOf('Address Line 2')).toBe('Address Line 2 is required');
    expect(errorOf('City')).toBe('City is required');
    expect(errorOf('State')).toBe('State is required');
    expect(errorOf('Pin Code')).toBe('Pin Code is required');
    expect(errorOf('Phone')).toBe('Phone is required');
    expect(document.activeElement).toBe(input('First Name'));
    expect(toast.error).toHaveBeenCalledWith('First Name is required');
    expect(where()).toBeUndefined();
    // Typing in a field takes its error away.
    await user.type(input('First Name'), 'A');
    expect(errorOf('First Name')).toBe('');
  });

  it('asks for six digits and a 10-digit Indian mobile', async () => {
    const { user } = renderShipping();
    await user.type(input('Pin Code'), '68201');
    await user.type(input('Phone'), '12345');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(errorOf('Pin Code')).toBe('Error - Enter 6 digits');
    expect(errorOf('Phone')).toBe('Enter a 10-digit Indian mobile number');
    await user.clear(input('Phone'));
    await user.type(input('Phone'), '5847012345');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(errorOf('Phone')).toBe('Enter a 10-digit Indian mobile number');
  });

  it('fills City and State from the PIN code, again for a new code, but never over what was typed', async () => {
    const { user, fetchMock } = renderShipping();
    await user.type(input('Pin Code'), '682011');
    await waitFor(() => expect(input('City').value).toBe('Ernakulam'));
    expect(input('State').value).toBe('Kerala');
    expect(fetchMock).toHaveBeenCalledWith('/api/pincodes/682011', expect.anything());
    expect(describedBy('Pin Code', 'hint')).toBe('Delivering to Ernakulam, Kerala. Same-day delivery available.');
    // Said to screen readers as it arrives.
    expect(screen.getAllByRole('status').some((s) => s.textContent === describedBy('Pin Code', 'hint'))).toBe(true);

    // Filled automatically before: a new code replaces both.
    await user.clear(input('Pin Code'));
    await user.type(input('Pin Code'), '560001');
    await waitFor(() => expect(input('City').value).toBe('Bengaluru'));
    expect(input('State').value).toBe('Karnataka');

    // A city the shopper typed stays; the state, still automatic, follows the code.
    await user.clear(input('City'));
    await user.type(input('City'), 'Kochi');
    await user.clear(input('Pin Code'));
    await user.type(input('Pin Code'), '682011');
    await waitFor(() => expect(input('State').value).toBe('Kerala'));
    expect(input('City').value).toBe('Kochi');
  });

  it('shows an unknown PIN code and an area without delivery under the field, and will not go on', async () => {
    const { user } = renderShipping();
    await user.type(input('First Name'), 'Asha');
    await user.type(input('Last Name'), 'Menon');
    await user.type(input('Address Line 2'), '12 MG Road');
    await user.type(input('City'), 'Kochi');
    await user.type(input('State'), 'Kerala');
    await user.type(input('Phone'), '9847012345');

    await user.type(input('Pin Code'), '999999');
    await waitFor(() => expect(errorOf('Pin Code')).toBe('Please enter a valid Pin'));
    expect(input('City').value).toBe('Kochi');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(where()).toBeUndefined();

    await user.clear(input('Pin Code'));
    expect(errorOf('Pin Code')).toBe('');
    await user.type(input('Pin Code'), '194101');
    await waitFor(() => expect(errorOf('Pin Code')).toBe('Delivery not available in this area yet'));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(where()).toBeUndefined();
    expect(toast.error).toHaveBeenLastCalledWith('Delivery not available in this area yet');
    expect(cart.shippingAddress).toBeNull();
  });

  it('saves the address with the phone as ten digits, sets Razorpay and goes on to /placeorder', async () => {
    act(() => cartActions.savePaymentMethod(''));
    const { user } = renderShipping();
    await fillValid(user, '+91 98470-12345');
    await user.type(input(/^Address Line 1/), '  Flat 4B, Lotus Apartments ');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(where()).toBe('/placeorder'));
    expect(cart.shippingAddress).toEqual({
      firstName: 'Asha',
      lastName: 'Menon',
      address: 'Flat 4B, Lotus Apartments',
      address2: '12 MG Road, Ravipuram',
      city: 'Ernakulam',
      state: 'Kerala',
      postalCode: '682011',
      phone: '9847012345',
    });
    expect(cart.paymentMethod).toBe('Razorpay');
  });

  it('is prefilled from the saved address, whose PIN code is checked again', async () => {
    act(() => cartActions.saveShippingAddress(address));
    const { user, fetchMock } = renderShipping();
    expect(input('First Name').value).toBe('Asha');
    expect(input(/^Address Line 1/).value).toBe('Flat 4B, Lotus Apartments');
    expect(input('Pin Code').value).toBe('682011');
    expect(input('Phone').value).toBe('9847012345');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/pincodes/682011', expect.anything()));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(where()).toBe('/placeorder'));
  });

  it('waits for a PIN code answer still on its way before going on', async () => {
    let answer!: (a: [number, unknown]) => void;
    const { user } = renderShipping({
      ...pincodeAnswers,
      'GET /api/pincodes/194101': () => new Promise((resolve) => (answer = resolve)),
    });
    await user.type(input('First Name'), 'Asha');
    await user.type(input('Last Name'), 'Menon');
    await user.type(input('Address Line 2'), '12 MG Road');
    await user.type(input('City'), 'Leh');
    await user.type(input('State'), 'Ladakh');
    await user.type(input('Phone'), '9847012345');
    await user.type(input('Pin Code'), '194101');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('button', { name: 'Continue' })).toHaveProperty('disabled', true);
    await act(async () => answer([200, { ...ernakulam, pincode: '194101', deliveryAvailable: false }]));
    await waitFor(() => expect(errorOf('Pin Code')).toBe('Delivery not available in this area yet'));
    expect(where()).toBeUndefined();
  });

  it('lets the shopper go on when the PIN code cannot be checked just now (the server decides)', async () => {
    const { user } = renderShipping({ 'GET /api/pincodes/682011': [503, { message: 'Service unavailable' }] });
    await user.type(input('First Name'), 'Asha');
    await user.type(input('Last Name'), 'Menon');
    await user.type(input('Address Line 2'), '12 MG Road');
    await user.type(input('City'), 'Kochi');
    await user.type(input('State'), 'Kerala');
    await user.type(input('Phone'), '9847012345');
    await user.type(input('Pin Code'), '682011');
    await waitFor(() =>
      expect(describedBy('Pin Code', 'hint')).toBe(
        'This PIN code could not be checked just now; you can still continue.',
      ),
    );
    expect(errorOf('Pin Code')).toBe('');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(where()).toBe('/placeorder'));
  });

  it('sends a shopper with an empty cart to the cart', () => {
    act(() => cartActions.clearItems());
    renderShipping();
    expect(where()).toBe('/cart');
  });
});
