import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { toast } from 'sonner';
import { asha, renderRoutes, stubApi, type Answers } from '../../test/account-test-utils.js';
import { setUserInfo } from '../../stores/user-store.js';
import { setGuestCheckout } from '../../stores/guest-store.js';
import { cartActions, useCart } from '../../stores/cart-store.js';
import { choosePincode, chosenPincode } from '../../stores/pincode-store.js';
import { address, cake, midnight, roses } from '../../test/order-test-utils.js';
import { full, NOW, slotsAnswer, todaySlots, tooLate } from '../../test/delivery-test-utils.js';
import { ShippingPage } from './shipping-page.js';

const ernakulam = {
  pincode: '682011',
  district: 'Ernakulam',
  state: 'Kerala',
  postOffices: ['Ernakulam', 'Ernakulam North', 'Ravipuram'],
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

/** The slots of the cart's roses (p1) at 682011: today (the earliest) unless a date is named. */
const SLOTS = 'GET /api/delivery/slots?pincode=682011&productId=p1';
const slotsOn = (date: string) => `GET /api/delivery/slots?pincode=682011&date=${date}&productId=p1`;

const pincodeAnswers: Answers = {
  [SLOTS]: [200, todaySlots()],
  'GET /api/users/addresses': [200, []],
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

/** What the guest store holds, as the place-order step reads it. */
const guestSaved = () => JSON.parse(localStorage.getItem('guestCheckout') ?? 'null') as unknown;
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
const radio = (name: string) => screen.getByRole('radio', { name }) as HTMLInputElement;
const dateButton = (name: string | RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement;
const slotsAsked = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.map(([url]) => url).filter((url) => url.startsWith('/api/delivery/slots'));

async function fillValid(user: ReturnType<typeof renderShipping>['user'], phone = '9847012345') {
  await user.type(input('Pin Code'), '682011');
  await waitFor(() => expect(input('City').value).toBe('Ernakulam'));
  await user.type(input('Street or area'), '12 MG Road, Ravipuram');
  await user.type(input('First Name'), 'Asha');
  await user.type(input('Last Name'), 'Menon');
  await user.type(input('Phone'), phone);
}

beforeEach(() => {
  // Only the clock is fixed (Tuesday 24 Nov 2026, 11:30 IST); timers stay real for the user events.
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  localStorage.clear();
  choosePincode(null);
  vi.spyOn(toast, 'error');
  act(() => {
    // A returning buyer, whose own mobile the account kept from an earlier checkout.
    setUserInfo({ ...asha, phone: '+919895011111', expirationTime: Date.now() + 1e6 });
    cartActions.reset();
    cartActions.add(roses());
  });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
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

  it('asks for the address as Indian addresses are written: the PIN code, the door outwards, then whom for', () => {
    renderShipping();
    const recipient = screen.getByRole('region', { name: 'Recipient' });
    const fields = [...recipient.querySelectorAll('input')];
    expect(fields.map((el) => el.labels?.[0]?.textContent)).toEqual([
      'Pin Code',
      'House or flat (optional)',
      'Street or area',
      'Landmark (optional)',
      'City',
      'State',
      'First Name',
      'Last Name',
      'Phone',
    ]);
    // The API's names stay the spec's; browsers fill lines 1 to 3 as India's forms order them.
    expect(fields.map((el) => [el.name, el.getAttribute('autocomplete')])).toEqual([
      ['postalCode', 'postal-code'],
      ['address', 'address-line1'],
      ['address2', 'address-line2'],
      ['landmark', 'address-line3'],
      ['city', 'address-level2'],
      ['state', 'address-level1'],
      ['firstName', 'given-name'],
      ['lastName', 'family-name'],
      ['phone', 'shipping tel'],
    ]);
    expect(describedBy(/^House or flat/, 'hint')).toBe('Flat, house no., building');
    expect(describedBy('Street or area', 'hint')).toBe('Street, area or locality');
    expect(describedBy(/^Landmark/, 'hint')).toBe('Helps the delivery partner find it');
    expect(input(/^Landmark/).maxLength).toBe(100);
  });

  it('says which fields are required (all but House or flat and Landmark) and stays put', async () => {
    const { user } = renderShipping();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(errorOf('First Name')).toBe('First Name is required');
    expect(errorOf('Last Name')).toBe('Last Name is required');
    for (const optional of [/^House or flat/, /^Landmark/]) {
      expect(errorOf(optional)).toBe('');
      expect(input(optional).getAttribute('aria-invalid')).toBeNull();
      expect(input(optional).getAttribute('aria-required')).toBeNull();
    }
    expect(errorOf('Street or area')).toBe('Street or area is required');
    expect(errorOf('City')).toBe('City is required');
    expect(errorOf('State')).toBe('State is required');
    expect(errorOf('Pin Code')).toBe('Pin Code is required');
    expect(errorOf('Phone')).toBe('Phone is required');
    // The first field of the form is the first one to fix.
    expect(document.activeElement).toBe(input('Pin Code'));
    expect(toast.error).toHaveBeenCalledWith('Pin Code is required');
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
    await user.type(input('Street or area'), '12 MG Road');
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
    await user.type(input(/^House or flat/), '  Flat 4B, Lotus Apartments ');
    await user.type(input(/^Landmark/), " Opposite St. Teresa's College ");
    await user.click(await screen.findByRole('radio', { name: 'Any time, 9 AM – 9 PM' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(where()).toBe('/placeorder'));
    expect(cart.shippingAddress).toEqual({
      firstName: 'Asha',
      lastName: 'Menon',
      address: 'Flat 4B, Lotus Apartments',
      address2: '12 MG Road, Ravipuram',
      landmark: "Opposite St. Teresa's College",
      city: 'Ernakulam',
      state: 'Kerala',
      postalCode: '682011',
      phone: '9847012345',
    });
    expect(cart.delivery).toEqual({
      date: '2026-11-24',
      slotId: 'standard',
      type: 'standard',
      label: 'Any time, 9 AM – 9 PM',
      start: '09:00',
      end: '21:00',
      fee: 0,
    });
    // No message typed: no card.
    expect(cart.giftMessage).toBeNull();
    expect(cart.paymentMethod).toBe('Razorpay');
    // The buyer's own mobile, offered from the account, apart from the recipient's.
    expect(cart.contactPhone).toBe('9895011111');
  });

  it("asks a guest's name and email beside their mobile, keeps them for the order, and asks for no address book", async () => {
    act(() => {
      setUserInfo(null);
      setGuestCheckout({ name: '', email: '' });
    });
    const { user, fetchMock } = renderShipping();
    await fillValid(user);
    await user.click(await screen.findByRole('radio', { name: 'Any time, 9 AM – 9 PM' }));
    await user.type(input('Your mobile number'), '9895022222');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(errorOf('Your name')).toBe('Your name is required');
    expect(document.activeElement).toBe(input('Your name'));
    await user.type(input('Your name'), 'Ravi Nair');
    await user.type(input('Your email'), 'ravi@');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(errorOf('Your email')).toBe('Enter a valid email address');
    await user.type(input('Your email'), 'example.in');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(where()).toBe('/placeorder'));
    expect(guestSaved()).toEqual({ name: 'Ravi Nair', email: 'ravi@example.in' });
    expect(cart.contactPhone).toBe('9895022222');
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/users/addresses'))).toBe(false);
    act(() => setGuestCheckout(null));
  });

  it("asks a new buyer's own mobile apart from the recipient's, checks it, and keeps it as ten digits", async () => {
    act(() => setUserInfo({ ...asha, phone: null, expirationTime: Date.now() + 1e6 }));
    const { user } = renderShipping();
    await fillValid(user);
    await user.click(await screen.findByRole('radio', { name: 'Any time, 9 AM – 9 PM' }));
    expect(input('Your mobile number').value).toBe('');
    expect(input('Your mobile number').getAttribute('autocomplete')).toBe('tel');
    // The recipient's phone is theirs: browsers must not fill the buyer's own into it.
    expect(input('Phone').getAttribute('autocomplete')).toBe('shipping tel');

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(errorOf('Your mobile number')).toBe('Your mobile number is required');
    expect(document.activeElement).toBe(input('Your mobile number'));
    expect(toast.error).toHaveBeenLastCalledWith('Your mobile number is required');
    expect(where()).toBeUndefined();

    await user.type(input('Your mobile number'), '12345');
    expect(errorOf('Your mobile number')).toBe('');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(errorOf('Your mobile number')).toBe('Enter a 10-digit Indian mobile number');
    expect(where()).toBeUndefined();

    await user.clear(input('Your mobile number'));
    await user.type(input('Your mobile number'), '+91 98950-22222');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(where()).toBe('/placeorder'));
    expect(cart.contactPhone).toBe('9895022222');
    expect(cart.shippingAddress?.phone).toBe('9847012345');
  });

  it('is prefilled from the saved address, slot and message card, whose PIN code is checked again', async () => {
    act(() => {
      cartActions.saveShippingAddress(address);
      cartActions.saveDelivery(midnight({ date: '2026-11-26' }));
      cartActions.saveGiftMessage({ message: 'Happy birthday, Amma!', senderName: 'Asha' });
    });
    const { user, fetchMock } = renderShipping({
      ...pincodeAnswers,
      [slotsOn('2026-11-26')]: [200, slotsAnswer({ date: '2026-11-26' })],
    });
    expect(input('First Name').value).toBe('Asha');
    expect(input(/^House or flat/).value).toBe('Flat 4B, Lotus Apartments');
    expect(input(/^Landmark/).value).toBe("Opposite St. Teresa's College");
    expect(input('Pin Code').value).toBe('682011');
    expect(input('Phone').value).toBe('9847012345');
    expect((screen.getByRole('textbox', { name: 'Message (optional)' }) as HTMLTextAreaElement).value).toBe(
      'Happy birthday, Amma!',
    );
    expect(input(/^From/).value).toBe('Asha');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/pincodes/682011', expect.anything()));
    // The saved date and slot come back chosen.
    await waitFor(() => expect(radio('Midnight, 11 PM – 12 AM').checked).toBe(true));
    expect(dateButton('Thu, 26 Nov').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('Delivering Thu, 26 Nov · Midnight, 11 PM – 12 AM').getAttribute('role')).toBe('status');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(where()).toBe('/placeorder'));
    expect(cart.delivery).toEqual(midnight({ date: '2026-11-26' }));
    expect(cart.giftMessage).toEqual({ message: 'Happy birthday, Amma!', senderName: 'Asha' });
  });

  it('waits for a PIN code answer still on its way before going on', async () => {
    let answer!: (a: [number, unknown]) => void;
    const { user } = renderShipping({
      ...pincodeAnswers,
      'GET /api/pincodes/194101': () => new Promise((resolve) => (answer = resolve)),
    });
    await user.type(input('First Name'), 'Asha');
    await user.type(input('Last Name'), 'Menon');
    await user.type(input('Street or area'), '12 MG Road');
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
    const { user } = renderShipping({
      'GET /api/pincodes/682011': [503, { message: 'Service unavailable' }],
      [SLOTS]: [200, todaySlots()],
    });
    await user.type(input('First Name'), 'Asha');
    await user.type(input('Last Name'), 'Menon');
    await user.type(input('Street or area'), '12 MG Road');
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
    // The slots are asked for all the same; the server answers for the PIN code.
    await user.click(await screen.findByRole('tab', { name: 'Midnight ₹250' }));
    await user.click(radio('Midnight, 11 PM – 12 AM'));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(where()).toBe('/placeorder'));
    expect(cart.delivery?.slotId).toBe('midnight');
  });

  it('sends a shopper with an empty cart to the cart', () => {
    act(() => cartActions.clearItems());
    renderShipping();
    expect(where()).toBe('/cart');
  });
});

/** The options a field's datalist offers. */
const offered = (label: string) => {
  const id = input(label).getAttribute('list');
  return id ? [...document.getElementById(id)!.querySelectorAll('option')].map((o) => o.value) : [];
};

describe('the PIN code and the state', () => {
  it("offers the PIN code's district and post offices for City", async () => {
    const { user } = renderShipping();
    expect(offered('City')).toEqual([]);
    await user.type(input('Pin Code'), '682011');
    await waitFor(() => expect(offered('City')).toEqual(['Ernakulam', 'Ernakulam North', 'Ravipuram']));
    // Another code, other places.
    await user.clear(input('Pin Code'));
    await user.type(input('Pin Code'), '560001');
    await waitFor(() => expect(offered('City')).toEqual(['Bengaluru', 'Ernakulam', 'Ernakulam North', 'Ravipuram']));
    expect(offered('State')).toContain('Kerala');
    expect(offered('State')).toHaveLength(36);
  });

  it('says beside State when the PIN code is in another state, and will not go on until they agree', async () => {
    act(() => cartActions.saveShippingAddress(address));
    const { user } = renderShipping();
    await user.click(await screen.findByRole('radio', { name: 'Any time, 9 AM – 9 PM' }));
    expect(errorOf('State')).toBe('');

    await user.clear(input('State'));
    await user.paste('Tamil Nadu');
    expect(errorOf('State')).toBe('PIN code 682011 is in Kerala');
    expect(input('State').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByRole('status').some((s) => s.textContent?.includes('PIN code 682011 is in Kerala'))).toBe(
      true,
    );
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('PIN code 682011 is in Kerala'));
    expect(document.activeElement).toBe(input('State'));
    expect(where()).toBeUndefined();
    expect(cart.shippingAddress?.state).toBe('Kerala');

    // The same state however it is written.
    await user.clear(input('State'));
    await user.paste(' kerala');
    expect(errorOf('State')).toBe('');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(where()).toBe('/placeorder'));
    expect(cart.shippingAddress?.state).toBe('kerala');
  });

  it("starts a new recipient at the store's PIN code when the form has none", async () => {
    choosePincode('560001');
    renderShipping();
    expect(input('Pin Code').value).toBe('560001');
    await waitFor(() => expect(input('City').value).toBe('Bengaluru'));
    expect(input('State').value).toBe('Karnataka');
  });

  it("starts from the address given before when it is at the store's PIN code, and never from one elsewhere", async () => {
    choosePincode('682011');
    act(() => cartActions.saveShippingAddress(address));
    renderShipping();
    expect(input('Pin Code').value).toBe('682011');
    expect(input('First Name').value).toBe(address.firstName);
    cleanup();

    choosePincode('560001');
    renderShipping();
    expect(input('Pin Code').value).toBe('560001');
    expect(input('First Name').value).toBe('');
    await waitFor(() => expect(input('City').value).toBe('Bengaluru'));
  });

  it("keeps the address given before when no PIN code is chosen, and makes its PIN code the store's", async () => {
    act(() => cartActions.saveShippingAddress(address));
    renderShipping();
    expect(input('Pin Code').value).toBe('682011');
    expect(input('City').value).toBe('Ernakulam');
    await waitFor(() => expect(chosenPincode()).toBe('682011'));
  });

  it("makes a PIN code typed for the recipient the store's, once it is found to be delivered to", async () => {
    choosePincode('682011');
    const { user } = renderShipping();
    await user.clear(input('Pin Code'));
    await user.type(input('Pin Code'), '194101');
    await waitFor(() => expect(errorOf('Pin Code')).toBe('Delivery not available in this area yet'));
    expect(chosenPincode()).toBe('682011');
    await user.clear(input('Pin Code'));
    await user.type(input('Pin Code'), '560001');
    await waitFor(() => expect(chosenPincode()).toBe('560001'));
  });
});

const saved = (id: string, over: Record<string, string>) => ({
  _id: id,
  ...address,
  phone: '+919847012345',
  lastUsedAt: '2026-11-20T10:00:00.000Z',
  ...over,
});
const ravi = saved('a1', { firstName: 'Ravi', lastName: 'Nair', address: 'Villa 9', phone: '+919895011111' });
const amma = saved('a2', { firstName: 'Lakshmi', lastName: 'Menon', address: '', address2: '3 Temple Road' });

describe('the saved addresses', () => {
  const withBook = (book: unknown[]) => renderShipping({ ...pincodeAnswers, 'GET /api/users/addresses': [200, book] });
  const picker = () => screen.getByRole('radiogroup', { name: 'Deliver to' });
  /** Each card's name, as its radio button is called. */
  const cardNames = () =>
    within(picker())
      .getAllByRole('radio')
      .map((r) => document.getElementById(r.getAttribute('aria-labelledby') ?? '')?.textContent);

  it('are not offered to a shopper who has none', async () => {
    const { fetchMock } = withBook([]);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/users/addresses', expect.anything()));
    expect(screen.queryByRole('radiogroup', { name: 'Deliver to' })).toBeNull();
  });

  it('fill the form with the recipient picked, which goes on to the order', async () => {
    const { user } = withBook([ravi, amma]);
    await screen.findByRole('radiogroup', { name: 'Deliver to' });
    expect(cardNames()).toEqual(['Ravi Nair', 'Lakshmi Menon', 'Use a new address']);
    expect(
      within(picker())
        .getAllByRole('radio')
        .map((r) => (r as HTMLInputElement).checked),
    ).toEqual([false, false, true]);
    expect(descriptionOf(within(picker()).getByRole('radio', { name: 'Ravi Nair' }))).toBe(
      "Villa 9, 12 MG Road, Ravipuram, Landmark: Opposite St. Teresa's College, Ernakulam, Kerala 682011 +91 9895011111",
    );
    expect((within(picker()).getByRole('radio', { name: 'Use a new address' }) as HTMLInputElement).checked).toBe(true);

    await user.click(within(picker()).getByRole('radio', { name: 'Ravi Nair' }));
    expect(input('First Name').value).toBe('Ravi');
    expect(input(/^House or flat/).value).toBe('Villa 9');
    expect(input(/^Landmark/).value).toBe("Opposite St. Teresa's College");
    expect(input('Phone').value).toBe('9895011111');
    expect(input('Pin Code').value).toBe('682011');
    expect((within(picker()).getByRole('radio', { name: 'Ravi Nair' }) as HTMLInputElement).checked).toBe(true);
    await user.click(await screen.findByRole('radio', { name: 'Any time, 9 AM – 9 PM' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(where()).toBe('/placeorder'));
    expect(cart.shippingAddress).toEqual({
      ...address,
      firstName: 'Ravi',
      lastName: 'Nair',
      address: 'Villa 9',
      phone: '9895011111',
    });
  });

  it('count an edited pick as a new address, and clear the form for one', async () => {
    act(() =>
      cartActions.saveShippingAddress({
        ...address,
        firstName: 'lakshmi',
        lastName: 'MENON',
        address: '',
        address2: '3 Temple Road',
      }),
    );
    const { user } = withBook([ravi, amma]);
    // The address the form holds is a saved one: its card is the one chosen.
    await waitFor(() =>
      expect((within(picker()).getByRole('radio', { name: 'Lakshmi Menon' }) as HTMLInputElement).checked).toBe(true),
    );
    await user.type(input('Phone'), '1');
    expect((within(picker()).getByRole('radio', { name: 'Use a new address' }) as HTMLInputElement).checked).toBe(true);
    await user.click(within(picker()).getByRole('radio', { name: 'Lakshmi Menon' }));
    expect(input('Phone').value).toBe('9847012345');

    await user.click(within(picker()).getByRole('radio', { name: 'Use a new address' }));
    for (const label of ['First Name', 'Last Name', 'Street or area', 'Landmark (optional)', 'Phone']) {
      expect(input(label).value, label).toBe('');
    }
    // A new recipient starts at the store's PIN code: the last one looked up.
    expect(input('Pin Code').value).toBe('682011');
    await waitFor(() => expect(input('City').value).toBe('Ernakulam'));
    // The PIN code is there already: the house is the first thing left to type.
    expect(document.activeElement).toBe(input(/^House or flat/));
  });

  it("preselect the recipient used last at the store's PIN code, never one elsewhere", async () => {
    const kochi = saved('k1', { firstName: 'Kavya', lastName: 'Pillai' });
    const bengaluru = saved('b1', {
      firstName: 'Meera',
      lastName: 'Rao',
      city: 'Bengaluru',
      state: 'Karnataka',
      postalCode: '560001',
    });
    choosePincode('560001');
    withBook([kochi, bengaluru]);
    await waitFor(() =>
      expect((within(picker()).getByRole('radio', { name: 'Meera Rao' }) as HTMLInputElement).checked).toBe(true),
    );
    expect(input('First Name').value).toBe('Meera');
    expect(input('Pin Code').value).toBe('560001');
    cleanup();

    choosePincode('400001');
    withBook([kochi, bengaluru]);
    await screen.findByRole('radiogroup', { name: 'Deliver to' });
    expect((within(picker()).getByRole('radio', { name: 'Use a new address' }) as HTMLInputElement).checked).toBe(true);
    expect(input('Pin Code').value).toBe('400001');
    expect(input('First Name').value).toBe('');
  });

  it('leave a form the shopper has started on as it is when the book comes', async () => {
    let answer!: (a: [number, unknown]) => void;
    choosePincode('682011');
    const { user } = renderShipping({
      ...pincodeAnswers,
      'GET /api/users/addresses': () => new Promise((resolve) => (answer = resolve)),
    });
    await user.type(input('First Name'), 'Asha');
    answer([200, [ravi]]);
    await screen.findByRole('radiogroup', { name: 'Deliver to' });
    expect(input('First Name').value).toBe('Asha');
    expect((within(picker()).getByRole('radio', { name: 'Use a new address' }) as HTMLInputElement).checked).toBe(true);
  });

  it('show the four used last, and all of them when asked', async () => {
    const book = Array.from({ length: 6 }, (_, i) => saved(`b${i}`, { firstName: `Friend${i}` }));
    const { user } = withBook(book);
    await screen.findByRole('radiogroup', { name: 'Deliver to' });
    expect(cardNames()).toEqual([
      'Friend0 Menon',
      'Friend1 Menon',
      'Friend2 Menon',
      'Friend3 Menon',
      'Use a new address',
    ]);
    await user.click(screen.getByRole('button', { name: 'Show all 6 saved addresses' }));
    expect(cardNames()).toHaveLength(7);
    expect(screen.queryByRole('button', { name: /Show all/ })).toBeNull();
  });
});

/** The text of what an element is described by (aria-describedby), as a screen reader reads it after the name. */
const descriptionOf = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

/** A valid recipient at 682011, its slots loaded. */
async function fillRecipient(user: ReturnType<typeof renderShipping>['user']) {
  await fillValid(user);
  await screen.findByRole('group', { name: 'Delivery date' });
}

describe('the delivery date and slot', () => {
  it('waits for a PIN code before offering dates', async () => {
    const { user, fetchMock } = renderShipping();
    expect(screen.queryByText("Enter the recipient's PIN code above to see delivery dates and times.")).not.toBeNull();
    expect(screen.queryByRole('group', { name: 'Delivery date' })).toBeNull();
    await user.type(input('Pin Code'), '999999');
    await waitFor(() => expect(errorOf('Pin Code')).toBe('Please enter a valid Pin'));
    expect(screen.queryByText('Delivery dates appear once the PIN code is one we deliver to.')).not.toBeNull();
    expect(slotsAsked(fetchMock)).toEqual([]);
  });

  it('offers the next 14 days, Today and Tomorrow by name; days before the earliest are disabled, the earliest chosen', async () => {
    const { user, fetchMock } = renderShipping({
      ...pincodeAnswers,
      [SLOTS]: [200, slotsAnswer({ date: '2026-11-25', earliestDate: '2026-11-25', sameDayDeadline: null })],
    });
    await fillRecipient(user);
    const days = within(screen.getByRole('group', { name: 'Delivery date' })).getAllByRole('button');
    expect(days.map((d) => d.querySelector('.sr-only')?.textContent)).toEqual([
      'Today, Tue, 24 Nov',
      'Tomorrow, Wed, 25 Nov',
      'Thu, 26 Nov',
      'Fri, 27 Nov',
      'Sat, 28 Nov',
      'Sun, 29 Nov',
      'Mon, 30 Nov',
      'Tue, 1 Dec',
      'Wed, 2 Dec',
      'Thu, 3 Dec',
      'Fri, 4 Dec',
      'Sat, 5 Dec',
      'Sun, 6 Dec',
      'Mon, 7 Dec',
    ]);
    expect(days.map((d) => (d as HTMLButtonElement).disabled)).toEqual([true, ...Array(13).fill(false)]);
    expect(days.map((d) => d.getAttribute('aria-pressed'))).toEqual(['false', 'true', ...Array(12).fill('false')]);
    expect(days.map((d) => d.querySelector('span')?.textContent)).toEqual([
      'Today',
      'Tomorrow',
      'Thu',
      ...Array(11).fill(expect.any(String)),
    ]);
    // Later days, up to 60 ahead, through the date field.
    const more = input('More dates');
    expect(more.type).toBe('date');
    expect([more.min, more.max, more.value]).toEqual(['2026-11-25', '2027-01-23', '2026-11-25']);
    expect(slotsAsked(fetchMock)).toEqual(['/api/delivery/slots?pincode=682011&productId=p1']);
  });

  it('asks for the slots of the date chosen, from the buttons or the date field', async () => {
    const { user, fetchMock } = renderShipping({
      ...pincodeAnswers,
      [slotsOn('2026-11-26')]: [200, slotsAnswer({ date: '2026-11-26', slots: { standard: { placesLeft: 2 } } })],
      [slotsOn('2026-12-24')]: [200, slotsAnswer({ date: '2026-12-24', slots: { midnight: { placesLeft: 1 } } })],
    });
    await fillRecipient(user);
    expect(dateButton(/^Today/).getAttribute('aria-pressed')).toBe('true');
    expect(descriptionOf(radio('Any time, 9 AM – 9 PM'))).toBe('');

    await user.click(dateButton('Thu, 26 Nov'));
    expect(dateButton('Thu, 26 Nov').getAttribute('aria-pressed')).toBe('true');
    expect(dateButton(/^Today/).getAttribute('aria-pressed')).toBe('false');
    await waitFor(() => expect(descriptionOf(radio('Any time, 9 AM – 9 PM'))).toBe('2 left'));

    fireEvent.change(input('More dates'), { target: { value: '2026-12-24' } });
    await user.click(await screen.findByRole('tab', { name: 'Midnight ₹250' }));
    await waitFor(() => expect(descriptionOf(radio('Midnight, 11 PM – 12 AM'))).toBe('1 left'));
    expect(input('More dates').value).toBe('2026-12-24');
    expect(screen.getByRole('group', { name: 'Midnight delivery times on Thu, 24 Dec' })).not.toBeNull();
    // Beyond the two weeks of buttons: none of them is pressed.
    const pressed = within(screen.getByRole('group', { name: 'Delivery date' }))
      .getAllByRole('button')
      .filter((b) => b.getAttribute('aria-pressed') === 'true');
    expect(pressed).toEqual([]);

    // More than 60 days ahead is not asked about.
    fireEvent.change(input('More dates'), { target: { value: '2027-03-01' } });
    expect(descriptionOf(input('More dates'))).toBe('Choose a date from Tue, 24 Nov to Sat, 23 Jan');
    expect(slotsAsked(fetchMock)).toEqual([
      '/api/delivery/slots?pincode=682011&productId=p1',
      '/api/delivery/slots?pincode=682011&date=2026-11-26&productId=p1',
      '/api/delivery/slots?pincode=682011&date=2026-12-24&productId=p1',
    ]);
  });

  it('shows the slot types with their fees, and each window that cannot be booked disabled with its reason', async () => {
    const { user } = renderShipping();
    await fillRecipient(user);
    const tabs = within(screen.getByRole('tablist', { name: 'Delivery type' })).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual([
      'Standard Free',
      'Fixed time ₹200',
      'Midnight ₹250',
      'Early morning ₹250',
    ]);
    expect(tabs.map((t) => t.getAttribute('aria-selected'))).toEqual(['true', 'false', 'false', 'false']);

    await user.click(screen.getByRole('tab', { name: 'Fixed time ₹200' }));
    const group = screen.getByRole('group', { name: 'Fixed time delivery times on Tue, 24 Nov' });
    const windows = within(group).getAllByRole('radio') as HTMLInputElement[];
    expect(windows.map((r) => [r.value, r.disabled, descriptionOf(r)])).toEqual([
      ['fixed-0900', true, 'Too late for this slot'],
      ['fixed-1100', true, 'Too late for this slot'],
      ['fixed-1300', true, 'Too late for this slot'],
      ['fixed-1500', true, 'Too late for this slot'],
      ['fixed-1700', false, '3 left'],
      ['fixed-1900', true, 'This slot is full'],
    ]);
    expect(radio('7 PM – 9 PM').disabled).toBe(true);

    await user.click(radio('5 PM – 7 PM'));
    expect(radio('5 PM – 7 PM').checked).toBe(true);
    expect(screen.getByText('Delivering Tue, 24 Nov · Fixed time, 5 PM – 7 PM').getAttribute('role')).toBe('status');
    // Arrow keys move between the tabs (and show their windows).
    await user.click(screen.getByRole('tab', { name: 'Midnight ₹250' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Early morning ₹250' }).getAttribute('aria-selected')).toBe('true');
    expect(descriptionOf(radio('Early morning, 7 AM – 9 AM'))).toBe('Too late for this slot');
  });

  it('offers under a full window the next free one of its type, and takes it in one press', async () => {
    const tomorrow = '2026-11-25';
    const { user, fetchMock } = renderShipping({
      ...pincodeAnswers,
      [SLOTS]: [
        200,
        slotsAnswer({
          slots: {
            // Full for the week to come: nothing to offer.
            standard: full,
            'fixed-1900': { ...full, nextFree: { date: tomorrow, slotId: 'fixed-1700', label: '5 PM – 7 PM' } },
          },
        }),
      ],
      [slotsOn(tomorrow)]: [200, slotsAnswer({ date: tomorrow })],
    });
    await fillRecipient(user);
    expect(descriptionOf(radio('Any time, 9 AM – 9 PM'))).toBe('This slot is full');
    expect(screen.queryByRole('button', { name: /^Next free/ })).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'Fixed time ₹200' }));
    expect(radio('7 PM – 9 PM').disabled).toBe(true);
    expect(descriptionOf(radio('7 PM – 9 PM'))).toBe('This slot is full');
    await user.click(screen.getByRole('button', { name: 'Next free: Tomorrow, 5 PM – 7 PM' }));

    await waitFor(() => expect(radio('5 PM – 7 PM').checked).toBe(true));
    expect(dateButton(/^Tomorrow/).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('group', { name: 'Fixed time delivery times on Wed, 25 Nov' })).not.toBeNull();
    expect(screen.getByText('Delivering Wed, 25 Nov · Fixed time, 5 PM – 7 PM').getAttribute('role')).toBe('status');
    // The button went with the day it was on; the keyboard goes on from the slot it chose.
    expect(document.activeElement).toBe(radio('5 PM – 7 PM'));
    expect(slotsAsked(fetchMock)).toEqual([
      '/api/delivery/slots?pincode=682011&productId=p1',
      `/api/delivery/slots?pincode=682011&date=${tomorrow}&productId=p1`,
    ]);
  });

  it('says once that a whole slot type is not offered here, and keys the slots by the sorted product ids', async () => {
    act(() => {
      cartActions.reset();
      cartActions.add(cake());
      cartActions.add(roses());
    });
    const notOffered = { available: false, reason: 'Not offered for this PIN code', placesLeft: 0 } as const;
    const { user, fetchMock } = renderShipping({
      ...pincodeAnswers,
      'GET /api/delivery/slots?pincode=682011&productId=p1&productId=p2': [
        200,
        slotsAnswer({ slots: { midnight: notOffered } }),
      ],
    });
    await fillRecipient(user);
    expect(slotsAsked(fetchMock)).toEqual(['/api/delivery/slots?pincode=682011&productId=p1&productId=p2']);
    await user.click(screen.getByRole('tab', { name: 'Midnight ₹250' }));
    expect(screen.queryByText('Midnight delivery: Not offered for this PIN code')).not.toBeNull();
    expect(screen.queryByRole('radio', { name: 'Midnight, 11 PM – 12 AM' })).toBeNull();
  });

  it('will not go on without a slot, and takes the shopper to the first one open', async () => {
    const { user } = renderShipping();
    await fillRecipient(user);
    await user.click(screen.getByRole('tab', { name: 'Fixed time ₹200' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Choose a delivery slot'));
    expect(screen.queryByText('Choose a delivery slot')).not.toBeNull();
    expect(document.activeElement).toBe(radio('5 PM – 7 PM'));
    expect(descriptionOf(screen.getByRole('group', { name: 'Fixed time delivery times on Tue, 24 Nov' }))).toBe(
      'Choose a delivery slot',
    );
    expect(where()).toBeUndefined();
    expect(cart.delivery).toBeNull();
    await user.keyboard(' ');
    expect(radio('5 PM – 7 PM').checked).toBe(true);
    expect(screen.queryByText('Choose a delivery slot')).toBeNull();
  });

  it('says when the slot saved earlier can no longer be booked, and asks for another', async () => {
    act(() => {
      cartActions.saveShippingAddress(address);
      cartActions.saveDelivery(midnight({ date: '2026-11-24' }));
    });
    const { user } = renderShipping({
      ...pincodeAnswers,
      [SLOTS]: [200, slotsAnswer({ slots: { midnight: { ...tooLate } } })],
    });
    await screen.findByText(
      'Tue, 24 Nov · Midnight, 11 PM – 12 AM can no longer be booked: Too late for this slot. Please choose another slot.',
    );
    expect(radio('Midnight, 11 PM – 12 AM').checked).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Choose a delivery slot'));
    expect(where()).toBeUndefined();
  });
});

describe('the message card', () => {
  const message = () => screen.getByRole('textbox', { name: 'Message (optional)' }) as HTMLTextAreaElement;
  const counter = () => descriptionOf(message());
  const preview = () => screen.getByRole('figure', { name: 'Card preview' });

  it('counts letters as a reader does, previews the card and saves it trimmed', async () => {
    const { user } = renderShipping();
    await fillRecipient(user);
    expect(counter()).toBe('Characters used: 0/250');
    expect(preview().textContent).toContain('Your message is printed here.');

    await user.click(message());
    // 20 UTF-16 code units, 12 letters as a Malayalam reader counts them.
    await user.paste('ജന്മദിനാശംസകൾ അമ്മേ!');
    expect(counter()).toBe('Characters used: 12/250');
    await user.type(input(/^From/), ' Asha ');
    expect(preview().textContent).toBe('Card previewജന്മദിനാശംസകൾ അമ്മേ!— Asha');

    await user.click(radio('Any time, 9 AM – 9 PM'));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(where()).toBe('/placeorder'));
    expect(cart.giftMessage).toEqual({ message: 'ജന്മദിനാശംസകൾ അമ്മേ!', senderName: 'Asha' });
  });

  it('refuses a message over 250 letters and a sender name over 60', async () => {
    const { user } = renderShipping();
    await fillRecipient(user);
    await user.click(radio('Any time, 9 AM – 9 PM'));
    await user.click(message());
    await user.paste('🌹'.repeat(251));
    // Said at once, beside the count.
    expect(counter()).toBe('Message must be at most 250 characters Characters used: 251/250');
    expect(message().getAttribute('aria-invalid')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Message must be at most 250 characters'));
    expect(document.activeElement).toBe(message());
    expect(where()).toBeUndefined();

    await user.clear(message());
    await user.paste('With love');
    await user.click(input(/^From/));
    await user.paste('A'.repeat(61));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(errorOf(/^From/)).toBe('Sender name must be at most 60 characters'));
    expect(document.activeElement).toBe(input(/^From/));
    expect(where()).toBeUndefined();
    expect(cart.giftMessage).toBeNull();
  });
});
