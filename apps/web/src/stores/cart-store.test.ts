import { describe, expect, it } from 'vitest';
import {
  addItem,
  cartActions,
  cartCount,
  cartFigures,
  cartItemsSummary,
  cartSummary,
  clampQty,
  lineKey,
  lineUnitPrices,
  orderItemsOf,
  removeItem,
  setItemQty,
  withTotals,
  type Cart,
  type CartDelivery,
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
  it('appends a new item and adds to the quantity of one already present, taking its new price', () => {
    let cart = addItem(empty, item());
    cart = addItem(cart, item({ _id: 'p2', price: 100 }));
    cart = addItem(cart, item({ qty: 3, price: 649 }));
    expect(cart.cartItems.map((i) => [i._id, i.qty, i.price])).toEqual([
      ['p1', 4, 649],
      ['p2', 1, 100],
    ]);
    expect(cartCount(cart)).toBe(5);
  });

  it('adds the same product and variant twice as one line of quantity 2, never beyond the stock', () => {
    const half = { _id: 'half', name: 'Half Kg' };
    let cart = addItem(empty, item({ variant: half, countInStock: 3 }));
    cart = addItem(cart, item({ variant: half, countInStock: 3 }));
    expect(cart.cartItems.map((i) => [i.variant?.name, i.qty])).toEqual([['Half Kg', 2]]);
    cart = addItem(cart, item({ variant: half, countInStock: 3, qty: 2 }));
    expect(cart.cartItems.map((i) => i.qty)).toEqual([3]);
  });

  it('keeps each variant of a product on its own line', () => {
    let cart = addItem(empty, item({ variant: { _id: 'half', name: 'Half Kg' } }));
    cart = addItem(cart, item({ variant: { _id: 'one', name: '1 Kg' }, price: 999 }));
    expect(cart.cartItems.map((i) => [i.variant?.name, i.qty])).toEqual([
      ['Half Kg', 1],
      ['1 Kg', 1],
    ]);
    cart = removeItem(cart, lineKey({ _id: 'p1', variant: { _id: 'half', name: 'Half Kg' } }));
    expect(cart.cartItems.map((i) => i.variant?.name)).toEqual(['1 Kg']);
  });

  it('keeps a cake with other options on its own line, and the same options on one line', () => {
    const half = { _id: 'half', name: 'Half Kg' };
    const eggless = { _id: 'egg', name: 'Eggless', value: null, price: 50 };
    const message = (value: string) => ({ _id: 'msg', name: 'Message on cake', value, price: 0 });
    let cart = addItem(empty, item({ variant: half, options: [eggless, message('Happy birthday')] }));
    cart = addItem(cart, item({ variant: half }));
    cart = addItem(cart, item({ variant: half, options: [eggless, message('Happy birthday')] }));
    cart = addItem(cart, item({ variant: half, options: [eggless, message('Get well soon')] }));
    expect(cart.cartItems.map((i) => [i.options?.map((o) => o.value ?? o.name), i.qty])).toEqual([
      [['Eggless', 'Happy birthday'], 2],
      [undefined, 1],
      [['Eggless', 'Get well soon'], 1],
    ]);
    // ₹699 + ₹50 eggless, three times, and one plain ₹699.
    expect(cart.itemsPrice).toBe(749 * 3 + 699);
    expect(orderItemsOf({ cartItems: cart.cartItems.slice(0, 1) })).toEqual([
      {
        _id: 'p1',
        qty: 2,
        variant: { _id: 'half' },
        options: [{ _id: 'egg' }, { _id: 'msg', value: 'Happy birthday' }],
      },
    ]);
    expect(lineUnitPrices(item({ price: 699, discountPrice: 599, options: [eggless] }))).toEqual({
      price: 749,
      discountPrice: 649,
    });
    cart = removeItem(cart, lineKey(cart.cartItems[2]!));
    expect(cart.cartItems).toHaveLength(2);
  });

  it("sets a line's quantity, from 1 to its stock, leaving the other lines alone", () => {
    let cart = [item({ countInStock: 4 }), item({ _id: 'p2' })].reduce(addItem, empty);
    cart = setItemQty(cart, 'p1', 3);
    expect(cart.cartItems.map((i) => i.qty)).toEqual([3, 1]);
    expect(cart.itemsPrice).toBe(699 * 4);
    expect(setItemQty(cart, 'p1', 9).cartItems[0]?.qty).toBe(4);
    expect(setItemQty(cart, 'p1', 0).cartItems[0]?.qty).toBe(1);
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

const slot = (over: Partial<CartDelivery> = {}): CartDelivery => ({
  date: '2026-12-24',
  slotId: 'midnight',
  type: 'midnight',
  label: 'Midnight, 11 PM – 12 AM',
  start: '23:00',
  end: '23:59',
  fee: 250,
  ...over,
});

describe('the delivery slot in the cart', () => {
  it.each([
    { case: 'a midnight slot below ₹1000 adds its fee to ₹100', price: 699, fee: 250, shipping: 350, total: 1049 },
    { case: 'a fixed slot above ₹1000 is charged on free shipping', price: 1200, fee: 200, shipping: 200, total: 1400 },
    { case: 'a standard slot costs nothing more', price: 1200, fee: 0, shipping: 0, total: 1200 },
    { case: 'a fee in paise-exact rupees stays exact', price: 699, fee: 199.5, shipping: 299.5, total: 998.5 },
  ])('$case', ({ price, fee, shipping, total }) => {
    const cart = withTotals({ ...empty, cartItems: [item({ price })], delivery: slot({ fee }) });
    expect([cart.shippingPrice, cart.totalPrice]).toEqual([shipping, total]);
  });

  it('charges no slot fee on an empty cart, and follows the lines as they change', () => {
    let cart = withTotals({ ...empty, delivery: slot() });
    expect([cart.shippingPrice, cart.totalPrice]).toEqual([0, 0]);
    cart = addItem(cart, item({ price: 699 }));
    expect([cart.shippingPrice, cart.totalPrice]).toEqual([350, 1049]);
    cart = removeItem(cart, 'p1');
    expect([cart.shippingPrice, cart.totalPrice]).toEqual([0, 0]);
    expect(cart.delivery).toEqual(slot());
  });

  it.each([
    ['missing (a cart stored before slots existed)', undefined],
    ['not a date', slot({ date: '24/12/2026' })],
    ['an unknown slot type', { ...slot(), type: 'teatime' }],
    ['a fee that is not a number', { ...slot(), fee: '250' }],
    ['a negative fee', slot({ fee: -250 })],
  ])('drops a stored delivery that is %s', (_case, delivery) => {
    const cart = withTotals({ ...empty, cartItems: [item({ price: 699 })], delivery } as unknown as Cart);
    expect(cart.delivery).toBeNull();
    expect(cart.shippingPrice).toBe(100);
  });

  it('keeps the slot and the card until the order is placed, then clears them with the lines', () => {
    const stored = () => JSON.parse(localStorage.getItem('cart') ?? 'null') as Cart;
    cartActions.reset();
    cartActions.add(item({ price: 699 }));
    cartActions.saveShippingAddress({
      firstName: 'Asha',
      lastName: 'Menon',
      address: '',
      address2: '12 MG Road',
      landmark: '',
      city: 'Ernakulam',
      state: 'Kerala',
      postalCode: '682011',
      phone: '9847012345',
    });
    cartActions.saveDelivery(slot());
    cartActions.saveGiftMessage({ message: 'Happy birthday!', senderName: 'Asha' });
    expect(stored()).toMatchObject({
      delivery: slot(),
      giftMessage: { message: 'Happy birthday!' },
      shippingPrice: 350,
    });

    cartActions.clearItems();
    expect(stored()).toMatchObject({ cartItems: [], delivery: null, giftMessage: null, shippingPrice: 0 });
    expect(stored().shippingAddress?.postalCode).toBe('682011');
  });
});

describe('GST and the coupon in the cart', () => {
  it('adds up the GST each line includes at its own rate; a line stored without a rate counts as 0 %', () => {
    const cart = [
      item({ price: 1050, gstRate: 5 }),
      item({ _id: 'p2', price: 1180, gstRate: 18 }),
      item({ _id: 'p3', price: 300 }),
      // A rate GST does not have (a tampered cart) is taken as none.
      item({ _id: 'p4', price: 110, gstRate: 10 }),
    ].reduce(addItem, empty);
    expect(cart.taxPrice).toBe(230);
    expect(cart.totalPrice).toBe(2640);
  });

  it('takes the coupon off the total and works the GST out on what is paid after it', () => {
    const cart = addItem(empty, item({ price: 1050, gstRate: 5 }));
    expect(cartSummary(cart, 100)).toEqual({
      itemsPrice: 1050,
      shippingPrice: 0,
      couponDiscount: 100,
      taxPrice: 45.24,
      totalPrice: 950,
    });
    // Never more than the items, whatever a stale quote said.
    expect(cartSummary(cart, 5000).totalPrice).toBe(0);
    // The cart page leaves shipping out: the delivery chosen at checkout decides it.
    const small = addItem(empty, item({ price: 525, gstRate: 5 }));
    expect(cartItemsSummary(small)).toEqual({ itemsPrice: 525, couponDiscount: 0, taxPrice: 25, totalPrice: 525 });
    expect(cartSummary(small).taxPrice).toBe(29.76);
  });

  it('keeps a coupon code normalised, drops one that is not a code, and clears it with the order', () => {
    expect(withTotals({ ...empty, couponCode: ' flat100 ' }).couponCode).toBe('FLAT100');
    expect(withTotals({ ...empty, couponCode: 'no spaces here' }).couponCode).toBeNull();
    expect(withTotals({ ...empty, couponCode: 42 as unknown as string }).couponCode).toBeNull();
    cartActions.reset();
    cartActions.add(item());
    cartActions.saveCouponCode('welcome10');
    expect(JSON.parse(localStorage.getItem('cart')!).couponCode).toBe('WELCOME10');
    cartActions.clearItems();
    expect(JSON.parse(localStorage.getItem('cart')!).couponCode).toBeNull();
  });
});
