import { describe, expect, it } from 'vitest';
import { shippingFor, unitPrice } from './cart.js';
import { cartTotals } from './checkout-quote.js';

describe('cart totals', () => {
  it.each([
    { case: 'empty cart', itemsPrice: 0, shipping: 0 },
    { case: 'one paisa', itemsPrice: 1, shipping: 10_000 },
    { case: 'exactly ₹1000 still pays shipping', itemsPrice: 100_000, shipping: 10_000 },
    { case: 'above ₹1000 ships free', itemsPrice: 100_001, shipping: 0 },
  ])('$case', ({ itemsPrice, shipping }) => {
    expect(shippingFor(itemsPrice)).toBe(shipping);
  });

  it('uses the discount price when set and sums savings over discounted lines', () => {
    const totals = cartTotals([
      { price: 59_900, discountPrice: 44_900, qty: 2 },
      { price: 19_950, discountPrice: 0, qty: 1 },
    ]);
    expect(totals).toEqual({
      itemsPrice: 44_900 * 2 + 19_950,
      shippingPrice: 0,
      couponDiscount: 0,
      taxPrice: 0,
      totalPrice: 44_900 * 2 + 19_950,
      savings: 15_000 * 2,
      awayFromFreeShipping: 0,
    });
  });

  it('tells how far the cart is from free shipping', () => {
    const totals = cartTotals([{ price: 64_950, discountPrice: 0, qty: 1 }]);
    expect(totals.shippingPrice).toBe(10_000);
    expect(totals.totalPrice).toBe(74_950);
    expect(totals.awayFromFreeShipping).toBe(35_050);
  });

  it.each([
    { case: 'empty cart', itemsPrice: 0, away: 100_000 },
    { case: 'one paisa short of ₹1000', itemsPrice: 99_999, away: 1 },
    { case: 'exactly ₹1000 still pays shipping, so it is a paisa away', itemsPrice: 100_000, away: 1 },
    { case: 'above ₹1000 is unlocked', itemsPrice: 100_001, away: 0 },
  ])('free shipping distance: $case', ({ itemsPrice, away }) => {
    const totals = cartTotals(itemsPrice ? [{ price: itemsPrice, discountPrice: 0, qty: 1 }] : []);
    expect(totals.awayFromFreeShipping).toBe(away);
    expect(totals.awayFromFreeShipping === 0).toBe(totals.shippingPrice === 0 && itemsPrice > 0);
  });

  it.each([
    { case: 'standard slot below ₹1000', itemsPrice: 50_000, slotFee: 0, shipping: 10_000, away: 50_000 },
    { case: 'fixed slot below ₹1000', itemsPrice: 50_000, slotFee: 20_000, shipping: 30_000, away: 50_000 },
    { case: 'midnight slot at exactly ₹1000', itemsPrice: 100_000, slotFee: 25_000, shipping: 35_000, away: 1 },
    {
      case: 'fixed slot above ₹1000: free shipping, fee still due',
      itemsPrice: 100_001,
      slotFee: 20_000,
      shipping: 20_000,
      away: 0,
    },
    { case: 'early-morning slot well above ₹1000', itemsPrice: 250_000, slotFee: 25_000, shipping: 25_000, away: 0 },
    { case: 'standard slot above ₹1000', itemsPrice: 250_000, slotFee: 0, shipping: 0, away: 0 },
    { case: 'empty cart charges no fee', itemsPrice: 0, slotFee: 25_000, shipping: 0, away: 100_000 },
  ])('slot fee: $case', ({ itemsPrice, slotFee, shipping, away }) => {
    const totals = cartTotals(itemsPrice ? [{ price: itemsPrice, discountPrice: 0, qty: 1 }] : [], slotFee);
    expect(totals.itemsPrice).toBe(itemsPrice);
    expect(totals.shippingPrice).toBe(shipping);
    expect(totals.totalPrice).toBe(itemsPrice + shipping);
    expect(totals.awayFromFreeShipping).toBe(away);
  });

  it('charges no slot fee when none is given', () => {
    const lines = [{ price: 30_000, discountPrice: 25_000, qty: 2 }];
    expect(cartTotals(lines)).toEqual(cartTotals(lines, 0));
    expect(cartTotals(lines).shippingPrice).toBe(10_000);
    expect(cartTotals(lines, 20_000)).toEqual({
      itemsPrice: 50_000,
      shippingPrice: 30_000,
      couponDiscount: 0,
      taxPrice: 0,
      totalPrice: 80_000,
      savings: 10_000,
      awayFromFreeShipping: 50_000,
    });
  });

  it.each([
    [{ price: 1000, discountPrice: 0 }, 1000],
    [{ price: 1000, discountPrice: 600 }, 600],
    [{ price: 1000, discountPrice: 0, optionsPrice: 5000 }, 6000],
    // A product's discount is on the product: the options are added at their own price.
    [{ price: 1000, discountPrice: 600, optionsPrice: 5000 }, 5600],
  ])('unit price of %o is %i', (line, expected) => {
    expect(unitPrice(line)).toBe(expected);
  });

  it("charges, taxes and counts towards free delivery an option's price with the unit's", () => {
    // ₹899 + ₹50 eggless, twice: ₹1898 ships free; 5 % GST is carved out of all of it.
    const cake = { price: 89_900, discountPrice: 0, optionsPrice: 5_000, qty: 2, gstRate: 5 as const };
    expect(cartTotals([cake])).toMatchObject({
      itemsPrice: 189_800,
      shippingPrice: 0,
      taxPrice: 189_800 - 180_762,
      totalPrice: 189_800,
      savings: 0,
    });
  });

  it('includes GST in the total rather than adding it, and takes a coupon off before it', () => {
    // ₹525 at 5 % holds ₹25 of GST; ₹100 of delivery is taxed at the same 5 % (₹4.76).
    const cake = { price: 52_500, discountPrice: 0, qty: 1, gstRate: 5 as const };
    const roses = { price: 30_000, discountPrice: 0, qty: 1, gstRate: 0 as const };
    expect(cartTotals([cake])).toMatchObject({ itemsPrice: 52_500, shippingPrice: 10_000, taxPrice: 2_500 + 476 });
    expect(cartTotals([cake]).totalPrice).toBe(62_500);
    // ₹105 off the cake alone: ₹420 at 5 % holds ₹20.
    const withCoupon = cartTotals([cake, roses], 0, { discount: 10_500, eligible: [true, false] });
    expect(withCoupon).toMatchObject({
      itemsPrice: 82_500,
      shippingPrice: 10_000,
      couponDiscount: 10_500,
      totalPrice: 82_000,
    });
    expect(withCoupon.taxPrice).toBe(2_000 + 476);
  });
});
