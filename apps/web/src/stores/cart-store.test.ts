import { describe, expect, it } from 'vitest';
import {
  addItem,
  cartCount,
  cartFigures,
  clampQty,
  lineKey,
  removeItem,
  withTotals,
  type CartItem,
} from './cart-store.js';

const empty = withTotals({ cartItems: [], shippingAddress: null, paymentMethod: 'Razorpay' });
const item = (over: Partial<CartItem> = {}): CartItem => ({
  _id: 'p1',
  name: 'Roses',
  image: '/r.jpg',
  optimizedImages: { thumbnail: '/r-thumb.webp' },
  price: 699,
  discountPrice: 0,
  countInStock: 5,
  qty: 1,
  ...over,
});

describe('cart rules', () => {
  it('appends a new item and replaces one already present', () => {
    let cart = addItem(empty, item());
    cart = addItem(cart, item({ _id: 'p2', price: 100 }));
    cart = addItem(cart, item({ qty: 3 }));
    expect(cart.cartItems.map((i) => [i._id, i.qty])).toEqual([
      ['p1', 3],
      ['p2', 1],
    ]);
    expect(cartCount(cart)).toBe(4);
  });

  it('keeps each variant of a product on its own line', () => {
    let cart = addItem(empty, item({ variant: { _id: 'half', name: 'Half Kg' } }));
    cart = addItem(cart, item({ variant: { _id: 'one', name: '1 Kg' }, price: 999 }));
    expect(cart.cartItems).toHaveLength(2);
    cart = removeItem(cart, lineKey({ _id: 'p1', variant: { _id: 'half', name: 'Half Kg' } }));
    expect(cart.cartItems.map((i) => i.variant?.name)).toEqual(['1 Kg']);
  });

  it.each([
    {
      case: 'below ₹1000 pays ₹100 shipping',
      items: [item({ price: 699, qty: 1 })],
      itemsPrice: 699,
      shipping: 100,
      total: 799,
    },
    {
      case: 'exactly ₹1000 still pays shipping',
      items: [item({ price: 500, qty: 2 })],
      itemsPrice: 1000,
      shipping: 100,
      total: 1100,
    },
    {
      case: 'above ₹1000 ships free',
      items: [item({ price: 500.5, qty: 2 })],
      itemsPrice: 1001,
      shipping: 0,
      total: 1001,
    },
    {
      case: 'discount price is what is paid',
      items: [item({ price: 999, discountPrice: 649.5, qty: 2 })],
      itemsPrice: 1299,
      shipping: 0,
      total: 1299,
    },
    { case: 'an empty cart costs nothing', items: [], itemsPrice: 0, shipping: 0, total: 0 },
  ])('$case', ({ items, itemsPrice, shipping, total }) => {
    const cart = items.reduce(addItem, empty);
    expect([cart.itemsPrice, cart.shippingPrice, cart.taxPrice, cart.totalPrice]).toEqual([
      itemsPrice,
      shipping,
      0,
      total,
    ]);
  });

  it('sums savings over discounted lines', () => {
    const cart = [item({ price: 999, discountPrice: 649, qty: 2 }), item({ _id: 'p2', price: 300 })].reduce(
      addItem,
      empty,
    );
    expect(cartFigures(cart).savings).toBe(70_000);
  });

  it.each([
    [0, 5, 1],
    [3, 5, 3],
    [9, 5, 5],
    [2.7, 5, 2],
    [4, 0, 1],
  ])('quantity %d with stock %d becomes %d', (qty, stock, expected) => {
    expect(clampQty(qty, stock)).toBe(expected);
  });
});
