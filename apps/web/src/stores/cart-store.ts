import type { ShippingAddressInput } from '@store/contracts';
import {
  cartTotals,
  isCalendarDate,
  paiseToRupees,
  rupeesToPaise,
  SLOT_TYPES,
  type CartTotals,
  type SlotType,
} from '@store/domain';
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

/** The delivery slot chosen at checkout, as the slots endpoint described it. */
export interface CartDelivery {
  /** `YYYY-MM-DD`, an IST date. */
  date: string;
  slotId: string;
  type: SlotType;
  /** 'Midnight, 23:00–23:59'; a fixed slot's is its window, '09:00–11:00'. */
  label: string;
  /** 'HH:MM' IST. */
  start: string;
  end: string;
  /** Rupees, on top of the standard delivery charge. */
  fee: number;
}

/** The printed message card; only sent with an order when the message is not empty. */
export interface CartGiftMessage {
  message: string;
  senderName: string;
}

export interface Cart {
  cartItems: CartItem[];
  shippingAddress: ShippingAddress | null;
  paymentMethod: string;
  delivery: CartDelivery | null;
  giftMessage: CartGiftMessage | null;
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
  delivery: null,
  giftMessage: null,
  itemsPrice: 0,
  shippingPrice: 0,
  taxPrice: 0,
  totalPrice: 0,
});

/** One line per product and variant: adding the same one again replaces the line (spec section 4). */
export function lineKey(item: Pick<CartItem, '_id' | 'variant'>): string {
  return item.variant ? `${item._id}:${item.variant._id}` : item._id;
}

/**
 * The domain's figures for the cart's lines, in paise: totals, savings and the free-shipping
 * distance. The chosen slot's fee is part of the shipping.
 */
export function cartFigures(cart: Pick<Cart, 'cartItems'> & { delivery?: CartDelivery | null }): CartTotals {
  return cartTotals(
    cart.cartItems.map((i) => ({
      price: rupeesToPaise(i.price),
      discountPrice: rupeesToPaise(i.discountPrice),
      qty: i.qty,
    })),
    rupeesToPaise(cart.delivery?.fee ?? 0),
  );
}

const isText = (v: unknown): v is string => typeof v === 'string';

/** A stored delivery choice, or null when it is missing or not one (an older cart, a hand-edited one). */
function validDelivery(value: unknown): CartDelivery | null {
  if (typeof value !== 'object' || value === null) return null;
  const d = value as Record<string, unknown>;
  const ok =
    isText(d.date) &&
    isCalendarDate(d.date) &&
    isText(d.slotId) &&
    (SLOT_TYPES as readonly unknown[]).includes(d.type) &&
    isText(d.label) &&
    isText(d.start) &&
    isText(d.end) &&
    typeof d.fee === 'number' &&
    Number.isFinite(d.fee) &&
    d.fee >= 0;
  return ok ? (d as unknown as CartDelivery) : null;
}

function validGiftMessage(value: unknown): CartGiftMessage | null {
  if (typeof value !== 'object' || value === null) return null;
  const g = value as Record<string, unknown>;
  return isText(g.message) && isText(g.senderName) ? { message: g.message, senderName: g.senderName } : null;
}

type CartInput = Omit<Cart, 'itemsPrice' | 'shippingPrice' | 'taxPrice' | 'totalPrice' | 'delivery' | 'giftMessage'> &
  Partial<Pick<Cart, 'delivery' | 'giftMessage'>>;

export function withTotals(input: CartInput): Cart {
  const cart = {
    ...input,
    delivery: validDelivery(input.delivery),
    giftMessage: validGiftMessage(input.giftMessage),
  };
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
  /** The slot's fee joins the shipping at once. */
  saveDelivery: (delivery: CartDelivery | null) => store.set((cart) => withTotals({ ...cart, delivery })),
  saveGiftMessage: (giftMessage: CartGiftMessage | null) => store.set((cart) => ({ ...cart, giftMessage })),
  /** After an order: its lines, slot and card are gone; the address stays for the next one. */
  clearItems: () => store.set((cart) => withTotals({ ...cart, cartItems: [], delivery: null, giftMessage: null })),
  reset: () => store.set(emptyCart()),
};

export const useCart = (): Cart => store.use();

export function cartCount(cart: Cart): number {
  return cart.cartItems.reduce((n, i) => n + i.qty, 0);
}
