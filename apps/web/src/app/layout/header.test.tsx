import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cartActions, type CartItem } from '../../stores/cart-store.js';
import { setCartPanelOpen, useCartPanelOpen } from '../../stores/cart-panel-store.js';
import { setUserInfo } from '../../stores/user-store.js';
import { clearWishlist, wishlistStore } from '../../stores/wishlist-store.js';
import { choosePincode, setPincodeDialogOpen } from '../../stores/pincode-store.js';
import { stubApi, type Answers } from '../../test/account-test-utils.js';
import { Header } from './header.js';
import { PincodeDialog } from './pincode-dialog.js';

function Where() {
  const { pathname } = useLocation();
  const panelOpen = useCartPanelOpen();
  return (
    <output aria-label="where">
      {pathname}
      {panelOpen ? ' panel' : ''}
    </output>
  );
}

function renderHeader(path = '/') {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="*"
            element={
              <>
                <Header />
                <Where />
                <PincodeDialog />
              </>
            }
          />
          <Route
            path="/products/:keyword"
            element={
              <>
                <Header />
                <Where />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const roses: CartItem = {
  _id: 'p1',
  name: 'Red Roses',
  image: '/r.jpg',
  optimizedImages: { thumbnail: '/r.webp' },
  price: 699,
  discountPrice: 0,
  countInStock: 10,
  qty: 3,
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  act(() => {
    cartActions.reset();
    clearWishlist();
    setUserInfo(null);
    setCartPanelOpen(false);
    setPincodeDialogOpen(false);
    choosePincode(null);
  });
});

describe('Header', () => {
  it('shows the free shipping strip and the brand linking home', () => {
    renderHeader('/cart');
    expect(screen.queryByText('FREE SHIPPING ON ORDERS OVER ₹1000')).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Phoolwala Gifts' }).getAttribute('href')).toBe('/');
  });

  it('searches for the trimmed keyword, and goes home when nothing is left', async () => {
    const user = userEvent.setup();
    renderHeader('/cart');
    const box = screen.getByPlaceholderText('Search our store..');
    await user.type(box, '  red roses  {Enter}');
    expect(screen.getByRole('status', { name: 'where' }).textContent).toBe('/products/red%20roses');
    // The box on the results page shows the search that produced it.
    expect((screen.getByPlaceholderText('Search our store..') as HTMLInputElement).value).toBe('red roses');

    await user.clear(screen.getByPlaceholderText('Search our store..'));
    await user.type(screen.getByPlaceholderText('Search our store..'), '   ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByRole('status', { name: 'where' }).textContent).toBe('/');
  });

  it('hides the cart badge while the cart is empty and shows the total quantity otherwise', async () => {
    const user = userEvent.setup();
    renderHeader();
    const cart = screen.getByRole('button', { name: 'Cart, empty' });
    expect(cart.textContent).toBe('');

    act(() => {
      cartActions.add(roses);
      cartActions.add({ ...roses, _id: 'p2', qty: 2 });
    });
    // The count arrives with the cart's store, loaded after the first page.
    expect((await screen.findByRole('button', { name: 'Cart, 5 items' })).textContent).toBe('5');

    await user.click(screen.getByRole('button', { name: 'Cart, 5 items' }));
    expect(screen.getByRole('status', { name: 'where' }).textContent).toBe('/ panel');
  });

  it('links to the wishlist, the badge counting what is on it once something is', async () => {
    const user = userEvent.setup();
    renderHeader();
    const heart = screen.getByRole('link', { name: 'Wishlist, empty' });
    expect(heart.getAttribute('href')).toBe('/wishlist');
    expect(heart.textContent).toBe('');

    act(() => wishlistStore.set({ productIds: ['p2', 'p1'], accountId: null }));
    expect(screen.getByRole('link', { name: 'Wishlist, 2 products' }).textContent).toBe('2');
    await user.click(screen.getByRole('link', { name: 'Wishlist, 2 products' }));
    expect(screen.getByRole('status', { name: 'where' }).textContent).toBe('/wishlist');
  });

  it('sends a signed-out shopper to /login and shows a signed-in one their menu', async () => {
    const user = userEvent.setup();
    renderHeader();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');

    act(() =>
      setUserInfo({ _id: 'u1', name: 'asha', email: 'a@x.in', isAdmin: true, expirationTime: Date.now() + 1e6 }),
    );
    await user.click(await screen.findByRole('button', { name: 'Account menu for asha' }));
    expect(screen.getByRole('menuitem', { name: 'Profile' }).getAttribute('href')).toBe('/profile');
    expect(screen.getByRole('menuitem', { name: 'Dashboard' }).getAttribute('href')).toBe('/admin');
    expect(screen.getByRole('menuitem', { name: 'Products' }).getAttribute('href')).toBe('/admin/productlist');
    expect(screen.getByRole('menuitem', { name: 'Orders' }).getAttribute('href')).toBe('/admin/orderlist');
    expect(screen.getByRole('menuitem', { name: 'Deliveries' }).getAttribute('href')).toBe('/admin/deliveries');
    expect(screen.getByRole('menuitem', { name: 'Email outbox' }).getAttribute('href')).toBe('/admin/outbox');
    expect(screen.getByRole('menuitem', { name: 'Web vitals' }).getAttribute('href')).toBe('/admin/vitals');
    expect(screen.getByRole('menuitem', { name: 'Audit' }).getAttribute('href')).toBe('/admin/audit');
    expect(screen.getByRole('menuitem', { name: 'Users' }).getAttribute('href')).toBe('/admin/userlist');
    expect(screen.queryByRole('menuitem', { name: 'Logout' })).not.toBeNull();
    // The menu button shows the initial and the name.
    expect(screen.getByRole('button', { name: 'Account menu for asha' }).textContent).toBe('Account menu for Aasha');
  });

  it("offers a partner's person their orders, and no admin screens", async () => {
    const user = userEvent.setup();
    renderHeader();
    act(() =>
      setUserInfo({
        _id: 'u2',
        name: 'Ravi',
        email: 'ravi@kochicakes.in',
        isAdmin: false,
        isPartner: true,
        expirationTime: Date.now() + 1e6,
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Account menu for Ravi' }));
    expect(screen.getByRole('menuitem', { name: 'Partner orders' }).getAttribute('href')).toBe('/partner');
    expect(screen.queryByRole('menuitem', { name: 'Dashboard' })).toBeNull();
  });

  it('logs out: tells the server, forgets the user, the cart and local storage, and goes to /login', async () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 500 }));
    vi.stubGlobal('fetch', fetchMock);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const user = userEvent.setup();
    act(() => {
      setUserInfo({ _id: 'u1', name: 'Asha', email: 'a@x.in', isAdmin: false, expirationTime: Date.now() + 1e6 });
      cartActions.add(roses);
    });
    localStorage.setItem('wishlist', '["p1"]');
    renderHeader('/cart');
    expect(screen.queryByRole('menuitem', { name: 'Products' })).toBeNull();

    await user.click(await screen.findByRole('button', { name: 'Account menu for Asha' }));
    expect(screen.queryByRole('menuitem', { name: 'Products' })).toBeNull();
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));

    await waitFor(() => expect(screen.getByRole('status', { name: 'where' }).textContent).toBe('/login'));
    expect(fetchMock).toHaveBeenCalledWith('/api/users/logout', expect.objectContaining({ method: 'POST' }));
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Cart, empty' })).not.toBeNull();
    expect(screen.queryByRole('link', { name: 'Wishlist, empty' })).not.toBeNull();
    expect(localStorage.getItem('wishlist')).toBeNull();
    expect(localStorage.getItem('userInfo')).toBeNull();
  });
});

describe("the header's 'Deliver to'", () => {
  const kolkata = {
    pincode: '700001',
    district: 'Kolkata',
    state: 'West Bengal',
    postOffices: [],
    deliveryAvailable: true,
    sameDayDelivery: false,
  };
  const answers: Answers = {
    'GET /api/pincodes/700001': [200, kolkata],
    'GET /api/pincodes/682001': [200, { ...kolkata, pincode: '682001', district: 'Ernakulam', state: 'Kerala' }],
    'GET /api/pincodes/999999': [404, { message: 'Please enter a valid Pin', code: 'NOT_FOUND' }],
    'GET /api/pincodes/744101': [200, { ...kolkata, pincode: '744101', deliveryAvailable: false }],
  };
  /** The phone's bar and the desktop's control (CSS shows one): the same button, twice. */
  const controls = (name: string) => screen.getAllByRole('button', { name });

  it("asks for a PIN code without a dialog of its own, and names the chosen one's district", async () => {
    stubApi(answers);
    renderHeader();
    expect(controls('Deliver to Set PIN')).toHaveLength(2);
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => choosePincode('682001'));
    expect(controls('Deliver to 682001')).toHaveLength(2);
    expect(await screen.findAllByRole('button', { name: 'Deliver to 682001 · Ernakulam' })).toHaveLength(2);
  });

  it("refuses a code in the server's words, keeps one delivered to, and gives focus back", async () => {
    const fetchMock = stubApi(answers);
    const user = userEvent.setup();
    renderHeader();
    const [control] = controls('Deliver to Set PIN');
    await user.click(control!);
    const dialog = await screen.findByRole('dialog', { name: 'Where is the gift going?' });
    const box = within(dialog).getByLabelText('PIN code');
    expect(document.activeElement).toBe(box);
    const save = within(dialog).getByRole('button', { name: 'Save' });
    const said = () => within(dialog).getByRole('alert').textContent;

    await user.type(box, '12345');
    await user.click(save);
    expect(said()).toBe('Error - Enter 6 digits');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();

    await user.clear(box);
    await user.type(box, '999999');
    await user.click(save);
    await waitFor(() => expect(said()).toBe('Please enter a valid Pin'));
    await user.clear(box);
    await user.type(box, '744101');
    await user.click(save);
    await waitFor(() => expect(said()).toBe('We do not deliver to 744101 yet.'));
    expect(JSON.parse(localStorage.getItem('pincode') ?? 'null')).toBeNull();

    await user.clear(box);
    await user.type(box, '700001{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(JSON.parse(localStorage.getItem('pincode')!)).toBe('700001');
    expect(controls('Deliver to 700001 · Kolkata')).toHaveLength(2);
    expect(document.activeElement).toBe(control);
  });

  it('starts from the chosen code, and can forget it', async () => {
    stubApi(answers);
    choosePincode('700001');
    const user = userEvent.setup();
    renderHeader();
    await user.click(controls('Deliver to 700001')[0]!);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('PIN code')).toHaveProperty('value', '700001');
    await user.click(within(dialog).getByRole('button', { name: 'Clear PIN code' }));
    expect(controls('Deliver to Set PIN')).toHaveLength(2);
    expect(localStorage.getItem('pincode')).toBeNull();
  });
});
