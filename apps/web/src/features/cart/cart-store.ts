import { useSyncExternalStore } from 'react';
import type { ShippingAddressInput } from '@store/contracts';
import { cartTotals, paiseToRupees, rupeesToPaise } from '@store/domain';
import { readJson, writeJson } from '../../lib/storage.js';

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

export function withTotals(cart: Omit<Cart, 'itemsPrice' | 'shippingPrice' | 'taxPrice' | 'totalPrice'>): Cart {
  const t = cartTotals(
    cart.cartItems.map((i) => ({
      price: rupeesToPaise(i.price),
      discountPrice: rupeesToPaise(i.discountPrice),
      qty: i.qty,
    })),
  );
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

let state: Cart = withTotals(readJson<Cart>(STORAGE_KEY, emptyCart()));
const listeners = new Set<() => void>();

function commit(next: Cart): void {
  state = next;
  writeJson(STORAGE_KEY, state);
  for (const l of listeners) l();
}

export const cartActions = {
  add: (item: CartItem) => commit(addItem(state, { ...item, qty: clampQty(item.qty, item.countInStock) })),
  remove: (key: string) => commit(removeItem(state, key)),
  saveShippingAddress: (shippingAddress: ShippingAddress) => commit({ ...state, shippingAddress }),
  savePaymentMethod: (paymentMethod: string) => commit({ ...state, paymentMethod }),
  clearItems: () => commit(withTotals({ ...state, cartItems: [] })),
  reset: () => commit(emptyCart()),
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCart(): Cart {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
}

export function cartCount(cart: Cart): number {
  return cart.cartItems.reduce((n, i) => n + i.qty, 0);
}

/** Sum of qty × (price − discountPrice) over discounted lines: the savings banner. */
export function cartSavings(cart: Cart): number {
  return paiseToRupees(
    cart.cartItems.reduce(
      (sum, i) => sum + (i.discountPrice > 0 ? (rupeesToPaise(i.price) - rupeesToPaise(i.discountPrice)) * i.qty : 0),
      0,
    ),
  );
}
