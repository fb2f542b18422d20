import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ProductDetail } from '@store/contracts';
import { toast } from 'sonner';
import { cartActions, useCart } from '../../stores/cart-store.js';
import { setCartPanelOpen, useCartPanelOpen } from '../../stores/cart-panel-store.js';
import { PurchasePanel } from './purchase-panel.js';
import { pincodeCheckFailed, usePincodeCheck } from './use-pincode-check.js';
import { NOW, slotsAnswer } from '../../test/delivery-test-utils.js';
import { FRESH_CAKES_REASON, reach, unreachable } from '../../test/product-test-utils.js';
import { choosePincode } from '../../stores/pincode-store.js';

type Product = Parameters<typeof PurchasePanel>[0]['product'];

const product = (over: Partial<Product> = {}): Product => ({
  _id: 'p1',
  name: 'Classic Dozen Red Roses',
  image: '/roses.jpg',
  optimizedImages: { thumbnail: '/roses-thumb.webp', detail: '/roses-detail.webp' },
  price: 999,
  discountPrice: 699,
  countInStock: 3,
  available: true,
  category: 'Flowers',
  variants: [],
  options: [],
  gstRate: 0,
  ...over,
});

const variants: ProductDetail['variants'] = [
  { _id: 'v1', name: 'Half Kg', price: 799, discountPrice: 0, countInStock: 2, image: '/cake.jpg' },
  { _id: 'v2', name: '1 Kg', price: 1449, discountPrice: 0, countInStock: 5, image: '/cake.jpg' },
];

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const kochi = {
  pincode: '682001',
  district: 'Ernakulam',
  state: 'Kerala',
  postOffices: ['Kochi'],
  deliveryAvailable: true,
  sameDayDelivery: true,
};

type SlotAnswers = Record<string, Response>;

/**
 * The PIN code lookup answers by code, as the server does; the delivery slots by URL (by default,
 * today is the earliest date, deliverable until 21:00 IST); this product asked for a code by code
 * (by default, it can go there).
 */
function stubPincodes(
  answers: Record<string, Response | (() => Promise<Response>)>,
  slots: SlotAnswers = {},
  products: Record<string, Response> = {},
) {
  const fetchMock = vi.fn((url: string) => {
    if (url.startsWith('/api/delivery/slots')) {
      return Promise.resolve((slots[url] ?? json(200, slotsAnswer({ pincode: '682001' }))).clone());
    }
    if (url.startsWith('/api/products/p1?pincode=')) {
      const code = url.split('=').pop()!;
      return Promise.resolve((products[code] ?? json(200, { delivery: reach(code) })).clone());
    }
    const code = url.split('/').pop()!;
    const answer = answers[code];
    if (!answer) throw new Error(`unexpected lookup ${url}`);
    return typeof answer === 'function' ? answer() : Promise.resolve(answer.clone());
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The panel as the product page gives it: with the page's delivery check. */
function Panel({ product }: { product: Product }) {
  return <PurchasePanel product={product} delivery={usePincodeCheck(product._id)} />;
}

let cartLines: ReturnType<typeof useCart>['cartItems'] = [];
let panelOpen = false;
function CartSpy() {
  cartLines = useCart().cartItems;
  panelOpen = useCartPanelOpen();
  return null;
}

function renderPanel(p: Product = product(), url = '/product/p1') {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[url]}>
        <Panel product={p} />
        <CartSpy />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return user;
}

async function checkPincode(user: ReturnType<typeof userEvent.setup>, code: string) {
  const box = screen.getByLabelText('Check delivery');
  await user.clear(box);
  await user.type(box, code);
  await user.click(screen.getByRole('button', { name: 'Check' }));
}

/** The live answer the PIN code box is described by. */
function deliveryStatus(): HTMLElement {
  const id = screen.getByLabelText('Check delivery').getAttribute('aria-describedby')!;
  const el = document.getElementById(id)!;
  expect(el.getAttribute('role')).toBe('status');
  return el;
}

const pincodeCalls = (fetchMock: ReturnType<typeof stubPincodes>) =>
  fetchMock.mock.calls.filter(([url]) => url.startsWith('/api/pincodes/')).length;
const slotCalls = (fetchMock: ReturnType<typeof stubPincodes>) =>
  fetchMock.mock.calls.map(([url]) => url).filter((url) => url.startsWith('/api/delivery/slots'));

/** The price beside the title (the size choices show theirs too). */
const shownPrice = () =>
  screen
    .getAllByText(/^₹/)
    .filter((el) => !el.closest('fieldset'))
    .map((el) => el.textContent)
    .join(' ');
const addButton = () => screen.getByRole('button', { name: 'Add To Cart' });
const buyButton = () => screen.getByRole('button', { name: 'Buy Now' });

beforeEach(() => {
  localStorage.clear();
  cartActions.reset();
  choosePincode(null);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the delivery check', () => {
  it('refuses a code that is not six digits without asking the server', async () => {
    const fetchMock = stubPincodes({});
    const user = renderPanel();
    await checkPincode(user, '12345');
    expect(deliveryStatus().textContent).toBe('Error - Enter 6 digits');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(addButton()).toHaveProperty('disabled', true);
  });

  it("shows the server's answer for an unknown code", async () => {
    stubPincodes({ '999999': json(404, { message: 'Please enter a valid Pin', code: 'NOT_FOUND' }) });
    const user = renderPanel();
    await checkPincode(user, '999999');
    await screen.findByText('Please enter a valid Pin');
    expect(addButton()).toHaveProperty('disabled', true);
    expect(localStorage.getItem('pincode')).toBeNull();
  });

  it('keeps buying closed where there is no delivery yet', async () => {
    stubPincodes({
      '744101': json(200, { ...kochi, pincode: '744101', deliveryAvailable: false, sameDayDelivery: false }),
    });
    const user = renderPanel();
    await checkPincode(user, '744101');
    await screen.findByText('Delivery not available in this area yet');
    expect(addButton()).toHaveProperty('disabled', true);
    expect(buyButton()).toHaveProperty('disabled', true);
  });

  it('goes idle → loading → Available and opens buying, remembering the code', async () => {
    let answer!: (r: Response) => void;
    stubPincodes({ '682001': () => new Promise<Response>((resolve) => (answer = resolve)) });
    const user = renderPanel();
    expect(deliveryStatus().textContent).toBe('Enter your PIN code to check delivery before adding to cart.');
    expect(addButton()).toHaveProperty('disabled', true);
    await checkPincode(user, '682001');
    expect(deliveryStatus().textContent).toContain('Checking 682001');
    expect(screen.getByRole('button', { name: 'Check' })).toHaveProperty('disabled', true);
    answer(json(200, kochi));
    await screen.findByText('Available');
    expect(screen.queryByText('Delivering to Ernakulam, Kerala')).not.toBeNull();
    expect(addButton()).toHaveProperty('disabled', false);
    expect(buyButton()).toHaveProperty('disabled', false);
    expect(JSON.parse(localStorage.getItem('pincode')!)).toBe('682001');
  });

  it('says how this product travels there: made and hand-delivered locally, or sent by courier', async () => {
    stubPincodes(
      { '700001': json(200, { ...kochi, pincode: '700001', district: 'Kolkata', state: 'West Bengal' }) },
      {},
      { '700001': json(200, { delivery: reach('700001', { kind: 'courier', earliestDate: '2026-12-05' }) }) },
    );
    const user = renderPanel();
    await checkPincode(user, '700001');
    await screen.findByText('Available');
    expect(deliveryStatus().textContent).toContain('Delivering to Kolkata, West Bengal · Packed and sent by courier');
    expect(addButton()).toHaveProperty('disabled', false);
  });

  it("says in a sentence that a product cannot go to a code, with the server's reason, and keeps buying closed", async () => {
    stubPincodes(
      { '700001': json(200, { ...kochi, pincode: '700001', district: 'Kolkata', state: 'West Bengal' }) },
      {},
      { '700001': json(200, { delivery: unreachable('700001') }) },
    );
    const user = renderPanel();
    await checkPincode(user, '700001');
    await waitFor(() =>
      expect(deliveryStatus().textContent).toBe(`Can't be delivered to 700001.${FRESH_CAKES_REASON}`),
    );
    expect(screen.queryByText('Available')).toBeNull();
    expect(addButton()).toHaveProperty('disabled', true);
    expect(buyButton()).toHaveProperty('disabled', true);
    // The area is delivered to: the code is the store's all the same, and other gifts can go there.
    expect(JSON.parse(localStorage.getItem('pincode')!)).toBe('700001');
  });

  it("follows the store's PIN code when it changes elsewhere (the header's 'Deliver to')", async () => {
    const fetchMock = stubPincodes({
      '682001': json(200, kochi),
      '560001': json(200, { ...kochi, pincode: '560001', district: 'Bengaluru', state: 'Karnataka' }),
    });
    renderPanel();
    act(() => choosePincode('682001'));
    await screen.findByText('Delivering to Ernakulam, Kerala');
    act(() => choosePincode('560001'));
    await screen.findByText('Delivering to Bengaluru, Karnataka');
    expect(screen.getByLabelText('Check delivery')).toHaveProperty('value', '560001');
    expect(pincodeCalls(fetchMock)).toBe(2);
  });

  it('checks a remembered code again on load', async () => {
    choosePincode('682001');
    const fetchMock = stubPincodes({ '682001': json(200, kochi) });
    renderPanel();
    expect(screen.getByLabelText('Check delivery')).toHaveProperty('value', '682001');
    await screen.findByText('Available');
    expect(pincodeCalls(fetchMock)).toBe(1);
    expect(addButton()).toHaveProperty('disabled', false);
  });

  it('checks the code Check sent in the address before the script had run, over a remembered one', async () => {
    choosePincode('560001');
    const fetchMock = stubPincodes({ '682001': json(200, kochi) });
    renderPanel(product(), '/product/p1?pincode=682001');
    const box = screen.getByLabelText('Check delivery');
    expect([box.getAttribute('name'), box.getAttribute('value')]).toEqual(['pincode', '682001']);
    await screen.findByText('Available');
    expect(pincodeCalls(fetchMock)).toBe(1);
    expect(addButton()).toHaveProperty('disabled', false);
  });

  it('says what is wrong with a code in the address that is not six digits, without asking', async () => {
    const fetchMock = stubPincodes({});
    renderPanel(product(), '/product/p1?pincode=6820');
    await screen.findByText('Error - Enter 6 digits');
    expect(pincodeCalls(fetchMock)).toBe(0);
  });

  it('asks again once the code is edited', async () => {
    stubPincodes({ '682001': json(200, kochi) });
    const user = renderPanel();
    await checkPincode(user, '682001');
    await screen.findByText('Available');
    await user.type(screen.getByLabelText('Check delivery'), '{backspace}');
    expect(screen.queryByText('Available')).toBeNull();
    expect(addButton()).toHaveProperty('disabled', true);
  });
});

describe('the earliest delivery', () => {
  const SLOTS_URL = '/api/delivery/slots?pincode=682001&productId=p1';

  beforeEach(() => {
    // Only the clock is fixed (Tuesday 24 Nov 2026, 11:30 IST); timers stay real for the user events.
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("asks for this product's slots once the PIN code is confirmed, and says today and until when", async () => {
    const fetchMock = stubPincodes({ '682001': json(200, kochi) });
    const user = renderPanel();
    await checkPincode(user, '682001');
    await waitFor(() => expect(deliveryStatus().textContent).toContain('Earliest delivery: Today'));
    expect(screen.queryByText('Same-day delivery available')).not.toBeNull();
    expect(slotCalls(fetchMock)).toEqual([SLOTS_URL]);
    // 21:00 IST is 9 h 30 min away; the countdown is outside the live region, which it would flood.
    const countdown = screen.getByText('Order within 9 h 30 min for delivery today');
    expect(deliveryStatus().contains(countdown)).toBe(false);
  });

  it.each([
    ['2026-11-25', 'Tomorrow'],
    ['2026-11-27', 'Fri, 27 Nov'],
  ])('names an earliest date of %s as %s, without a same-day countdown', async (date, said) => {
    stubPincodes(
      { '682001': json(200, kochi) },
      { [SLOTS_URL]: json(200, slotsAnswer({ pincode: '682001', date, earliestDate: date, sameDayDeadline: null })) },
    );
    const user = renderPanel();
    await checkPincode(user, '682001');
    await waitFor(() => expect(deliveryStatus().textContent).toContain(`Earliest delivery: ${said}`));
    expect(screen.queryByText(/^Order within/)).toBeNull();
    // Same-day is said only where the earliest delivery is today.
    expect(screen.queryByText('Same-day delivery available')).toBeNull();
  });

  it('does not ask for slots where there is no delivery', async () => {
    const fetchMock = stubPincodes({
      '744101': json(200, { ...kochi, pincode: '744101', deliveryAvailable: false, sameDayDelivery: false }),
    });
    const user = renderPanel();
    await checkPincode(user, '744101');
    await screen.findByText('Delivery not available in this area yet');
    expect(slotCalls(fetchMock)).toEqual([]);
    expect(deliveryStatus().textContent).not.toContain('Earliest delivery');
  });
});

describe('checking a PIN code again', () => {
  it('asks the server again when the same code is checked after a failed look-up', async () => {
    let calls = 0;
    const fetchMock = stubPincodes({
      '682001': () => Promise.resolve(++calls === 1 ? json(503, { message: 'Service busy' }) : json(200, kochi)),
    });
    const user = renderPanel();
    await checkPincode(user, '682001');
    // The server's own words about its trouble are not the shopper's business; a sentence is.
    await screen.findByText(pincodeCheckFailed('682001'));
    expect(screen.queryByText('Service busy')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Check' }));
    await screen.findByText('Available');
    expect(pincodeCalls(fetchMock)).toBe(2);
  });

  it('says in a sentence when the store cannot be reached, never "Failed to fetch"', async () => {
    stubPincodes({ '560001': () => Promise.reject(new TypeError('Failed to fetch')) });
    const user = renderPanel();
    await checkPincode(user, '560001');
    await waitFor(() =>
      expect(deliveryStatus().textContent).toBe(
        "We couldn't check delivery to 560001 just now. Please press Check to try again.",
      ),
    );
    expect(addButton()).toHaveProperty('disabled', true);
  });
});

describe('the quantity stepper', () => {
  it('stays between 1 and the stock', async () => {
    const user = renderPanel(product({ countInStock: 3 }));
    const minus = screen.getByRole('button', { name: 'Decrease quantity' });
    const plus = screen.getByRole('button', { name: 'Increase quantity' });
    const qty = () => screen.getByRole('status', { name: 'Quantity' }).textContent;
    expect(qty()).toBe('1');
    expect(minus).toHaveProperty('disabled', true);
    await user.click(plus);
    await user.click(plus);
    expect(qty()).toBe('3');
    expect(plus).toHaveProperty('disabled', true);
    await user.click(plus);
    expect(qty()).toBe('3');
    await user.click(minus);
    expect(qty()).toBe('2');
    expect(minus).toHaveProperty('disabled', false);
  });

  it('shows Out of stock and keeps both buttons disabled when there is none', () => {
    stubPincodes({});
    renderPanel(product({ countInStock: 0 }));
    expect(screen.queryByText('Out of stock')).not.toBeNull();
    expect(addButton()).toHaveProperty('disabled', true);
    expect(buyButton()).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Increase quantity' })).toHaveProperty('disabled', true);
  });

  it('says an unavailable product cannot be bought', () => {
    renderPanel(product({ available: false }));
    expect(screen.queryByText('This product is currently unavailable')).not.toBeNull();
    expect(screen.queryByLabelText('Check delivery')).toBeNull();
    expect(addButton()).toHaveProperty('disabled', true);
  });
});

describe('adding to the cart', () => {
  it('adds the product at its discount price with the chosen quantity and its GST rate', async () => {
    stubPincodes({ '682001': json(200, kochi) });
    const user = renderPanel(product({ gstRate: 5 }));
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await checkPincode(user, '682001');
    await screen.findByText('Available');
    const success = vi.spyOn(toast, 'success');
    setCartPanelOpen(false);
    await user.click(addButton());
    // The cart panel opens instead of an 'Added to cart' toast that would cover it.
    expect(panelOpen).toBe(true);
    expect(success).not.toHaveBeenCalled();
    expect(cartLines).toEqual([
      {
        _id: 'p1',
        name: 'Classic Dozen Red Roses',
        image: '/roses.jpg',
        optimizedImages: { thumbnail: '/roses-thumb.webp' },
        price: 999,
        discountPrice: 699,
        countInStock: 3,
        qty: 2,
        gstRate: 5,
      },
    ]);
  });

  it("uses the chosen variant's price and stock", async () => {
    stubPincodes({ '682001': json(200, kochi) });
    const user = renderPanel(product({ category: 'Cakes', countInStock: 9, variants }));
    await user.click(screen.getByRole('radio', { name: /1 Kg/ }));
    expect(shownPrice()).toBe('₹1,449');
    await user.click(screen.getByRole('radio', { name: /Half Kg/ }));
    expect(shownPrice()).toBe('₹799');
    expect(screen.queryByText('30% Off')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(screen.getByRole('button', { name: 'Increase quantity' })).toHaveProperty('disabled', true);
    await checkPincode(user, '682001');
    await screen.findByText('Available');
    await user.click(addButton());
    await waitFor(() => expect(cartLines).toHaveLength(1));
    expect(cartLines[0]).toMatchObject({
      price: 799,
      discountPrice: 0,
      countInStock: 2,
      qty: 2,
      variant: { _id: 'v1', name: 'Half Kg' },
    });
  });

  it('adds the same product and size twice as one line of quantity 2, and another size as a second line', async () => {
    stubPincodes({ '682001': json(200, kochi) });
    const user = renderPanel(product({ category: 'Cakes', variants }));
    await checkPincode(user, '682001');
    await screen.findByText('Available');
    await user.click(addButton());
    await user.click(addButton());
    await waitFor(() => expect(cartLines.map((l) => [l.variant?.name, l.qty])).toEqual([['Half Kg', 2]]));
    await user.click(screen.getByRole('radio', { name: /1 Kg/ }));
    await user.click(addButton());
    await waitFor(() =>
      expect(cartLines.map((l) => [l.variant?.name, l.price, l.qty])).toEqual([
        ['Half Kg', 799, 2],
        ['1 Kg', 1449, 1],
      ]),
    );
  });
});

describe('a product sold in sizes or weights', () => {
  it("takes the product's discount as the server prices each size, so the card's price is the first size's", async () => {
    stubPincodes({ '682001': json(200, kochi) });
    const onOffer = [
      { ...variants[0]!, discountPrice: 549 },
      { ...variants[1]!, discountPrice: 996 },
    ];
    const user = renderPanel(product({ category: 'Cakes', price: 799, discountPrice: 549, variants: onOffer }));
    expect(shownPrice()).toBe('₹549 was ₹799');
    expect(screen.queryByText('31% Off')).not.toBeNull();
    expect(screen.getByRole('radio', { name: /1 Kg/ }).closest('label')?.textContent).toBe('1 Kg₹996');
    await checkPincode(user, '682001');
    await screen.findByText('Available');
    await user.click(addButton());
    await waitFor(() => expect(cartLines).toHaveLength(1));
    expect(cartLines[0]).toMatchObject({ price: 799, discountPrice: 549, variant: { _id: 'v1', name: 'Half Kg' } });
  });

  it('opens on the first one in stock, with its price', () => {
    stubPincodes({});
    const soldOutFirst = [{ ...variants[0]!, countInStock: 0 }, ...variants.slice(1)];
    renderPanel(product({ category: 'Cakes', variants: soldOutFirst }));
    expect(screen.getByRole('group', { name: 'Select weight' })).not.toBeNull();
    expect(screen.getByRole('radio', { name: /1 Kg/ })).toHaveProperty('checked', true);
    expect(screen.getByRole('radio', { name: /Half Kg/ })).toHaveProperty('disabled', true);
    expect(shownPrice()).toBe('₹1,449');
    expect(screen.queryByText('30% Off')).toBeNull();
  });

  it('with all of them sold out, shows the first one out of stock and cannot be bought', () => {
    stubPincodes({});
    renderPanel(product({ variants: variants.map((v) => ({ ...v, countInStock: 0 })) }));
    expect(screen.getByRole('group', { name: 'Select size' })).not.toBeNull();
    expect(screen.getAllByRole('radio').filter((r) => (r as HTMLInputElement).checked)).toEqual([]);
    expect(shownPrice()).toBe('₹799');
    expect(screen.getAllByText('Out of stock').filter((el) => !el.closest('fieldset'))).toHaveLength(1);
    expect(addButton()).toHaveProperty('disabled', true);
    expect(buyButton()).toHaveProperty('disabled', true);
  });
});

describe('personalising a cake', () => {
  const options: ProductDetail['options'] = [
    { _id: 'egg', name: 'Eggless', kind: 'choice', price: 50, maxLength: 0, required: false },
    { _id: 'msg', name: 'Message on cake', kind: 'text', price: 0, maxLength: 30, required: false },
  ];
  const cake = (over: Partial<Product> = {}) =>
    product({ _id: 'cake', name: 'Truffle Cake', category: 'Cakes', variants, options, ...over });

  async function ready(user: ReturnType<typeof userEvent.setup>) {
    await checkPincode(user, '682001');
    await screen.findByText('Available');
  }

  it('offers Eggless and a message, prices the choice in, and adds them to the cart line', async () => {
    stubPincodes({ '682001': json(200, kochi) });
    const user = renderPanel(cake());
    expect(screen.getByRole('group', { name: 'Personalise your cake' })).not.toBeNull();
    expect(shownPrice()).toBe('₹799');
    await user.click(screen.getByRole('checkbox', { name: /Eggless/ }));
    expect(shownPrice()).toBe('₹849');
    const message = screen.getByRole('textbox', { name: 'Message on cake (optional)' });
    await user.type(message, '  Happy birthday, Amma ');
    // Counted as the server counts it, without the spaces around it.
    expect(screen.getByText('20/30 characters')).not.toBeNull();
    await ready(user);
    await user.click(addButton());
    await waitFor(() => expect(cartLines).toHaveLength(1));
    expect(cartLines[0]).toMatchObject({
      price: 799,
      variant: { _id: 'v1', name: 'Half Kg' },
      options: [
        { _id: 'egg', name: 'Eggless', value: null, price: 50 },
        { _id: 'msg', name: 'Message on cake', value: 'Happy birthday, Amma', price: 0 },
      ],
    });
    // Another message is another cake: a line of its own.
    await user.clear(message);
    await user.type(message, 'Get well soon');
    await user.click(addButton());
    await waitFor(() => expect(cartLines).toHaveLength(2));
  });

  it('counts a message in letters as read, and will not add one that is too long', async () => {
    stubPincodes({ '682001': json(200, kochi) });
    const user = renderPanel(cake());
    const message = screen.getByRole('textbox', { name: 'Message on cake (optional)' });
    // Fifteen family emoji and 'ആശംസകൾ' three times: 30 characters to a reader, 138 code units.
    await user.click(message);
    await user.paste('👨‍👩‍👧'.repeat(15) + 'ആശംസകൾ'.repeat(3));
    expect(screen.getByText('30/30 characters')).not.toBeNull();
    expect(message.getAttribute('aria-invalid')).toBeNull();
    await user.type(message, '!');
    expect(screen.getByText('Message on cake must be at most 30 characters')).not.toBeNull();
    expect(message.getAttribute('aria-invalid')).toBe('true');
    await ready(user);
    await user.click(addButton());
    expect(cartLines).toEqual([]);
    expect(document.activeElement).toBe(message);
  });

  it('asks for a required text only once the shopper tries to buy', async () => {
    stubPincodes({ '682001': json(200, kochi) });
    const name = { _id: 'name', name: 'Name on cake', kind: 'text' as const, price: 25, maxLength: 12, required: true };
    const user = renderPanel(cake({ options: [name] }));
    const field = screen.getByRole('textbox', { name: 'Name on cake (+₹25)' });
    expect(screen.queryByText('Name on cake is required for Truffle Cake')).toBeNull();
    await ready(user);
    await user.click(addButton());
    expect(screen.getByText('Name on cake is required for Truffle Cake')).not.toBeNull();
    expect(cartLines).toEqual([]);
    await user.type(field, 'Priya');
    expect(shownPrice()).toBe('₹824');
    await user.click(addButton());
    await waitFor(() =>
      expect(cartLines[0]?.options).toEqual([{ _id: 'name', name: 'Name on cake', value: 'Priya', price: 25 }]),
    );
  });
});
