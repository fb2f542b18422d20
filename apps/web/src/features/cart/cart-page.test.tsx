import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { CartPage } from './cart-page.js';
import { cartActions, type CartItem } from '../../stores/cart-store.js';

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

function renderPage() {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={['/cart']}>
      <Routes>
        <Route path="/cart" element={<CartPage />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
  return user;
}

const subtotal = () => screen.getByText(/^Subtotal/).parentElement!.textContent;

beforeEach(() => {
  localStorage.clear();
  cartActions.reset();
});
afterEach(cleanup);

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

  it('shows an empty cart with Go Back and no way to check out', async () => {
    const user = renderPage();
    expect(screen.queryByText('Your cart is empty')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Proceed To Checkout' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('link', { name: 'Go Back' }));
    expect(path).toBe('/');
  });
});
