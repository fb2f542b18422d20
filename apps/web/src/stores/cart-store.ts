import type { ShippingAddressInput } from '@store/contracts';
import {
  isCalendarDate,
  isGstRate,
  quoteOrder,
  normaliseCouponCode,
  couponCodeProblem,
  optionsKey,
  paiseToRupees,
  rupeesToPaise,
  SLOT_TYPES,
  unitPrice,
  type CartCoupon,
  type CartTotals,
  type OrderQuote,
  type PricedLine,
  type SlotType,
} from '@store/domain';
import { createStore } from '../lib/store.js';

/** An option chosen on the product page, as the product described it: price in rupees per unit. */
export interface CartOption {
  _id: string;
  name: string;
  /** The text of a text option ('Happy birthday, Amma'); null for a yes/no choice. */
  value: string | null;
  price: number;
}

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
  /** Personalisations for each unit ('Eggless', a message on the cake); the server prices them again. */
  options?: CartOption[];
  /** The GST % included in the price, as the product said; carts stored before GST have none (0). */
  gstRate?: number;
}

/** The spec's ShippingAddress; the server's schema is the one definition of it. */
export type ShippingAddress = ShippingAddressInput;

/** The delivery slot chosen at checkout, as the slots endpoint described it. */
export interface CartDelivery {
  /** `YYYY-MM-DD`, an IST date. */
  date: string;
  slotId: string;
  type: SlotType;
  /** 'Midnight, 11 PM – 12 AM'; a fixed slot's is its window, '9 AM – 11 AM'. */
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
  /**
   * The buyer's own mobile as typed at checkout, for the gateway and the order's updates; the
   * recipient's phone is in the shipping address. Null in carts kept before it was asked for.
   */
  contactPhone?: string | null;
  /**
   * The coupon the shopper applied (normalised, upper case), sent with the order. Whether it still
   * applies, and how much it takes off, is asked of the server for the cart as it is now.
   */
  couponCode: string | null;
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
  couponCode: null,
  itemsPrice: 0,
  shippingPrice: 0,
  taxPrice: 0,
  totalPrice: 0,
});

const optionRequests = (options: readonly CartOption[] = []) =>
  options.map((o) => (o.value === null ? { id: o._id } : { id: o._id, value: o.value }));

/**
 * One line per product, variant and options: adding the same again adds to that line's quantity,
 * while the same cake with another message is a line of its own.
 */
export function lineKey(item: Pick<CartItem, '_id' | 'variant' | 'options'>): string {
  const base = item.variant ? `${item._id}:${item.variant._id}` : item._id;
  const options = optionsKey(optionRequests(item.options));
  return options ? `${base}|${options}` : base;
}

/** Rupees the options add to each unit. */
export function lineOptionsPrice(item: Pick<CartItem, 'options'>): number {
  return paiseToRupees((item.options ?? []).reduce((sum, o) => sum + rupeesToPaise(o.price), 0));
}

/** Rupees a unit of the line costs: its price or discount price, and its options. */
export function lineUnitPrice(item: Pick<CartItem, 'price' | 'discountPrice' | 'options'>): number {
  const { price, discountPrice } = lineUnitPrices(item);
  return discountPrice > 0 ? discountPrice : price;
}

/** A unit's price and discount price with its options, as a line shows them (rupees). */
export function lineUnitPrices(item: Pick<CartItem, 'price' | 'discountPrice' | 'options'>): {
  price: number;
  discountPrice: number;
} {
  const options = rupeesToPaise(lineOptionsPrice(item));
  return {
    price: paiseToRupees(rupeesToPaise(item.price) + options),
    discountPrice: item.discountPrice > 0 ? paiseToRupees(rupeesToPaise(item.discountPrice) + options) : 0,
  };
}

/**
 * The cart quoted as the store quotes an order, by the domain's `quoteOrder`: the browser works out
 * no figure of its own. The chosen slot's fee is part of the shipping; `couponDiscount` (paise) is
 * what the server said the applied coupon takes off. Paise.
 */
export function cartQuote(
  cart: Pick<Cart, 'cartItems'> & { delivery?: CartDelivery | null },
  couponDiscount: number = 0,
): OrderQuote {
  const lines = pricedLines(cart);
  const coupon = couponOf(lines, couponDiscount);
  return quoteOrder({ lines, slotFee: rupeesToPaise(cart.delivery?.fee ?? 0), coupon: coupon && { applied: coupon } });
}

/**
 * The domain's figures for the cart's lines, in paise: totals, GST included, savings and the
 * free-shipping distance, as `cartQuote` gives them.
 */
export function cartFigures(
  cart: Pick<Cart, 'cartItems'> & { delivery?: CartDelivery | null },
  couponDiscount: number = 0,
): CartTotals {
  return cartQuote(cart, couponDiscount);
}

function pricedLines(cart: Pick<Cart, 'cartItems'>): PricedLine[] {
  return cart.cartItems.map((i) => ({
    price: rupeesToPaise(i.price),
    discountPrice: rupeesToPaise(i.discountPrice),
    optionsPrice: rupeesToPaise(lineOptionsPrice(i)),
    qty: i.qty,
    // A line stored before prices carried GST, or with a rate the domain does not know, counts as 0 %.
    gstRate: isGstRate(i.gstRate) ? i.gstRate : 0,
  }));
}

/**
 * The server answers a coupon with its discount only, not with the lines it applies to, and a
 * category coupon's eligibility cannot be worked out here (a cart line has no category). So the
 * discount is spread over every line: the total is exact, and the GST shown a close estimate
 * whenever the coupon is limited to some categories. The server prices and taxes the order again
 * when it is placed, and the order page shows its figures.
 */
function couponOf(lines: readonly PricedLine[], couponDiscount: number): CartCoupon | null {
  const itemsPrice = lines.reduce((sum, line) => sum + unitPrice(line) * line.qty, 0);
  const discount = Math.max(0, Math.min(Math.round(couponDiscount), itemsPrice));
  return discount > 0 ? { discount, eligible: lines.map(() => true) } : null;
}

/**
 * The cart page's figures before checkout, in rupees: the items, less the coupon, and the GST that
 * includes, without shipping (which the delivery chosen at checkout decides).
 */
export function cartItemsSummary(
  cart: Pick<Cart, 'cartItems'>,
  couponDiscount: number = 0,
): { itemsPrice: number; couponDiscount: number; taxPrice: number; totalPrice: number } {
  const quote = cartQuote(cart, rupeesToPaise(couponDiscount));
  return {
    itemsPrice: paiseToRupees(quote.itemsPrice),
    couponDiscount: paiseToRupees(quote.couponDiscount),
    taxPrice: paiseToRupees(quote.itemsTax),
    totalPrice: paiseToRupees(quote.itemsPrice - quote.couponDiscount),
  };
}

/** The same figures as the order summary shows them: rupees. */
export function cartSummary(
  cart: Pick<Cart, 'cartItems'> & { delivery?: CartDelivery | null },
  couponDiscount: number = 0,
): { itemsPrice: number; shippingPrice: number; couponDiscount: number; taxPrice: number; totalPrice: number } {
  const t = cartQuote(cart, rupeesToPaise(couponDiscount));
  return {
    itemsPrice: paiseToRupees(t.itemsPrice),
    shippingPrice: paiseToRupees(t.shippingPrice),
    couponDiscount: paiseToRupees(t.couponDiscount),
    taxPrice: paiseToRupees(t.taxPrice),
    totalPrice: paiseToRupees(t.totalPrice),
  };
}

/** What a coupon is checked against, and what an order is placed for: products, variants, options, quantities. */
export function orderItemsOf(cart: Pick<Cart, 'cartItems'>): {
  _id: string;
  qty: number;
  variant?: { _id: string };
  options?: { _id: string; value?: string }[];
}[] {
  return cart.cartItems.map((i) => ({
    _id: i._id,
    qty: i.qty,
    ...(i.variant ? { variant: { _id: i.variant._id } } : {}),
    ...(i.options?.length
      ? { options: i.options.map((o) => (o.value === null ? { _id: o._id } : { _id: o._id, value: o.value })) }
      : {}),
  }));
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

/** A stored coupon code, or null when there is none or it is not one. */
function validCouponCode(value: unknown): string | null {
  if (!isText(value)) return null;
  const code = normaliseCouponCode(value);
  return couponCodeProblem(code) ? null : code;
}

type CartInput = Omit<
  Cart,
  'itemsPrice' | 'shippingPrice' | 'taxPrice' | 'totalPrice' | 'delivery' | 'giftMessage' | 'couponCode'
> &
  Partial<Pick<Cart, 'delivery' | 'giftMessage' | 'couponCode'>>;

export function withTotals(input: CartInput): Cart {
  const cart = {
    ...input,
    delivery: validDelivery(input.delivery),
    giftMessage: validGiftMessage(input.giftMessage),
    couponCode: validCouponCode(input.couponCode),
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

/**
 * Adds a line, or to the quantity of the line of the same product, variant and options (up to the stock);
 * that line takes the price and stock just read from the product page.
 */
export function addItem(cart: Cart, item: CartItem): Cart {
  const key = lineKey(item);
  const existing = cart.cartItems.find((i) => lineKey(i) === key);
  const cartItems = existing
    ? cart.cartItems.map((i) => (i === existing ? { ...item, qty: clampQty(i.qty + item.qty, item.countInStock) } : i))
    : [...cart.cartItems, item];
  return withTotals({ ...cart, cartItems });
}

/** Sets a line's quantity, as the cart's quantity pickers do. */
export function setItemQty(cart: Cart, key: string, qty: number): Cart {
  const cartItems = cart.cartItems.map((i) => (lineKey(i) === key ? { ...i, qty: clampQty(qty, i.countInStock) } : i));
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
  setQty: (key: string, qty: number) => store.set((cart) => setItemQty(cart, key, qty)),
  remove: (key: string) => store.set((cart) => removeItem(cart, key)),
  saveShippingAddress: (shippingAddress: ShippingAddress) => store.set((cart) => ({ ...cart, shippingAddress })),
  savePaymentMethod: (paymentMethod: string) => store.set((cart) => ({ ...cart, paymentMethod })),
  /** The slot's fee joins the shipping at once. */
  saveDelivery: (delivery: CartDelivery | null) => store.set((cart) => withTotals({ ...cart, delivery })),
  saveGiftMessage: (giftMessage: CartGiftMessage | null) => store.set((cart) => ({ ...cart, giftMessage })),
  saveContactPhone: (contactPhone: string) => store.set((cart) => ({ ...cart, contactPhone })),
  /** The coupon applied in the cart or at checkout; null removes it. */
  saveCouponCode: (couponCode: string | null) =>
    store.set((cart) => ({ ...cart, couponCode: validCouponCode(couponCode) })),
  /** After an order: its lines, slot, card and coupon are gone; the address stays for the next one. */
  clearItems: () =>
    store.set((cart) => withTotals({ ...cart, cartItems: [], delivery: null, giftMessage: null, couponCode: null })),
  reset: () => store.set(emptyCart()),
};

export const useCart = (): Cart => store.use();

/** Calls `onCount` with the cart's total quantity now and whenever it changes; returns how to stop. */
export function watchCartCount(onCount: (count: number) => void): () => void {
  onCount(cartCount(store.get()));
  return store.subscribe(() => onCount(cartCount(store.get())));
}

export function cartCount(cart: Cart): number {
  return cart.cartItems.reduce((n, i) => n + i.qty, 0);
}
