import type { ShippingAddressInput } from '@store/contracts';
import { cartTotals, paiseToRupees, rupeesToPaise, type CartTotals } from '@store/domain';
import { createStore } from '../lib/store.js';

export interface CartItem {
  _id: string;
  name: string;
  image: string;
  optimizedImages: { thumbnail: string };
  /** Rupees, before discount. */
  price: number;
  /** Rupees; 0 when no discount is in force. */
  discountPrice: number;
  countInStock: number;
  qty: number;
  /** The weight or size chosen, for products sold in variants. */
  variant?: { _id: string; name: string };
}

/** The spec's ShippingAddress; the server's schema is the one definition of it. */
export type ShippingAddress = ShippingAddressInput;

export interface Cart {
  cartItems: CartItem[];
  shippingAddress: ShippingAddress | null;
  paymentMethod: string;
  /** Rupees, recomputed on every change; the server recomputes them again at checkout. */
  itemsPrice: number;
  shippingPrice: number;
  taxPrice: number;
  totalPrice: number;
}

const STORAGE_KEY = 'cart';
export const DEFAULT_PAYMENT_METHOD = 'Razorpay';

const emptyCart = (): Cart => ({
  cartItems: [],
  shippingAddress: null,
  paymentMethod: DEFAULT_PAYMENT_METHOD,
  itemsPrice: 0,
  shippingPrice: 0,
  taxPrice: 0,
  totalPrice: 0,
});

/** One line per product and variant: adding the same one again replaces the line (spec section 4). */
export function lineKey(item: Pick<CartItem, '_id' | 'variant'>): string {
  return item.variant ? `${item._id}:${item.variant._id}` : item._id;
}

/** The domain's figures for the cart's lines, in paise: totals, savings and the free-shipping distance. */
export function cartFigures(cart: Pick<Cart, 'cartItems'>): CartTotals {
  return cartTotals(
    cart.cartItems.map((i) => ({
      price: rupeesToPaise(i.price),
      discountPrice: rupeesToPaise(i.discountPrice),
      qty: i.qty,
    })),
  );
}

export function withTotals(cart: Omit<Cart, 'itemsPrice' | 'shippingPrice' | 'taxPrice' | 'totalPrice'>): Cart {
  const t = cartFigures(cart);
  return {
    ...cart,
    itemsPrice: paiseToRupees(t.itemsPrice),
    shippingPrice: paiseToRupees(t.shippingPrice),
    taxPrice: paiseToRupees(t.taxPrice),
    totalPrice: paiseToRupees(t.totalPrice),
  };
}

export function addItem(cart: Cart, item: CartItem): Cart {
  const key = lineKey(item);
  const exists = cart.cartItems.some((i) => lineKey(i) === key);
  const cartItems = exists ? cart.cartItems.map((i) => (lineKey(i) === key ? item : i)) : [...cart.cartItems, item];
  return withTotals({ ...cart, cartItems });
}

export function removeItem(cart: Cart, key: string): Cart {
  return withTotals({ ...cart, cartItems: cart.cartItems.filter((i) => lineKey(i) !== key) });
}

/** Quantities stay whole numbers from 1 to the stock (spec section 5). */
export function clampQty(qty: number, countInStock: number): number {
  return Math.max(1, Math.min(Math.floor(qty), Math.max(1, countInStock)));
}

const store = createStore<Cart>(emptyCart, { key: STORAGE_KEY, revive: withTotals });

export const cartActions = {
  add: (item: CartItem) => store.set((cart) => addItem(cart, { ...item, qty: clampQty(item.qty, item.countInStock) })),
  remove: (key: string) => store.set((cart) => removeItem(cart, key)),
  saveShippingAddress: (shippingAddress: ShippingAddress) => store.set((cart) => ({ ...cart, shippingAddress })),
  savePaymentMethod: (paymentMethod: string) => store.set((cart) => ({ ...cart, paymentMethod })),
  clearItems: () => store.set((cart) => withTotals({ ...cart, cartItems: [] })),
  reset: () => store.set(emptyCart()),
};

export const useCart = (): Cart => store.use();

export function cartCount(cart: Cart): number {
  return cart.cartItems.reduce((n, i) => n + i.qty, 0);
}
