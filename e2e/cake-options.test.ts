import { beforeAll, describe, expect, inject, it } from 'vitest';
import { registerByApi } from './support/api.js';
import { seriousViolations } from './support/axe.js';
import { confirmOrder, fillShipping } from './support/checkout.js';
import { openPage, shoot, useBrowser } from './support/page.js';
import { inr, signIn } from './support/shopper.js';

interface Cake {
  _id: string;
  name: string;
  available: boolean;
  /** A size's discountPrice is the product's discount taken in proportion while it runs (ADR 038); 0 without. */
  variants: { _id: string; name: string; price: number; discountPrice: number; countInStock: number }[];
  options: { _id: string; name: string; kind: 'choice' | 'text'; price: number; maxLength: number }[];
}

interface PlacedOrder {
  itemsPrice: number;
  shippingPrice: number;
  totalPrice: number;
  razorpayOrder: { amount: number };
  orderItems: { qty: number; price: number; optionsPrice: number; options: { name: string; value: string | null }[] }[];
}

const PASSWORD = 'mango-icing-rosette-9';
const MESSAGE = 'Happy birthday, Amma';
const browser = useBrowser();
let cake: Cake;

const url = (route: string) => `${inject('baseUrl')}${route}`;

/** A demo cake that can be had eggless, with a message, in a weight in stock: found through the API. */
async function pickCake(): Promise<Cake> {
  const list = (await (await fetch(url('/api/products?category=Cakes&pageLimit=40'))).json()) as {
    products: { _id: string }[];
  };
  for (const { _id } of list.products) {
    const detail = (await (await fetch(url(`/api/products/${_id}`))).json()) as Cake;
    const names = detail.options.map((o) => o.name);
    const inStock = detail.variants[0] && detail.variants[0].countInStock >= 4;
    if (detail.available && inStock && names.includes('Eggless') && names.includes('Message on cake')) return detail;
  }
  throw new Error('no demo cake offers Eggless and a message');
}

beforeAll(async () => {
  cake = await pickCake();
});

describe('a personalised cake', () => {
  it.each([
    [1280, 900],
    [375, 812],
  ])(
    'is chosen eggless with a message, priced by the server, and the order shows it (%i px)',
    async (width, height) => {
      const { context, page, problems } = await openPage(browser(), width, { height });
      const { email } = await registerByApi('Meera Pillai', PASSWORD);
      const weight = cake.variants[0]!;
      const eggless = cake.options.find((o) => o.name === 'Eggless')!;
      // Options are never discounted: Eggless adds its own price to what the weight costs now.
      const unit = (weight.discountPrice || weight.price) + eggless.price;

      await page.goto(url(`/product/${cake._id}`));
      await page.getByRole('heading', { level: 1, name: cake.name }).waitFor();
      const personalise = page.getByRole('group', { name: 'Personalise your cake' });
      await personalise.getByRole('checkbox', { name: /Eggless/ }).check();
      await personalise.getByLabel('Message on cake').fill(MESSAGE);
      await personalise.getByText(`${MESSAGE.length}/30 characters`).waitFor();
      await page.getByText(inr.format(unit), { exact: true }).first().waitFor();
      await page.getByLabel('Check delivery').fill('682011');
      await page.getByRole('button', { name: 'Check', exact: true }).click();
      await page.getByRole('status').filter({ hasText: 'Available' }).waitFor();
      await page.getByRole('button', { name: 'Increase quantity' }).click();
      await shoot(page, `cake-options-product-${width}`);
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByRole('button', { name: 'Add To Cart' }).click();
      const panel = page.getByRole('dialog');
      await panel.getByRole('heading', { name: 'Cart (2)' }).waitFor();
      const panelOptions = panel.getByRole('list', { name: 'Options' });
      expect(await panelOptions.innerText()).toBe(
        `Eggless (+${inr.format(eggless.price)})\nMessage on cake: “${MESSAGE}”`,
      );
      expect(await panel.innerText()).toContain(inr.format(unit * 2));
      await shoot(page, `cake-options-cart-panel-${width}`, { fullPage: false });
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'hidden' });

      await page.goto(url('/cart'));
      await page.getByRole('heading', { level: 1, name: 'Shopping Cart' }).waitFor();
      expect(await page.getByRole('list', { name: 'Options' }).innerText()).toContain(`Message on cake: “${MESSAGE}”`);
      await shoot(page, `cake-options-cart-${width}`);
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByRole('button', { name: 'Proceed To Checkout' }).click();
      await page.waitForURL((u) => u.pathname === '/login');
      await signIn(page, email, PASSWORD);
      await fillShipping(page);
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL((u) => u.pathname === '/placeorder');
      const items = page.getByRole('region', { name: 'Order Items' });
      expect(await items.getByRole('list', { name: 'Options' }).innerText()).toContain('Eggless');
      expect(await items.innerText()).toContain(`2 × ${inr.format(unit)}`);

      const orderId = await confirmOrder(page);
      const order = (await (await context.request.get(url(`/api/orders/${orderId}`))).json()) as PlacedOrder;
      // The server's figures: the weight's price and Eggless per cake; over ₹1000 the delivery is free.
      expect(order.orderItems).toMatchObject([
        {
          qty: 2,
          price: weight.price,
          optionsPrice: eggless.price,
          options: [
            { name: 'Eggless', value: null },
            { name: 'Message on cake', value: MESSAGE },
          ],
        },
      ]);
      const shipping = unit * 2 > 1000 ? 0 : 100;
      expect(order).toMatchObject({ itemsPrice: unit * 2, shippingPrice: shipping, totalPrice: unit * 2 + shipping });
      expect(order.razorpayOrder.amount).toBe((unit * 2 + shipping) * 100);

      const orderItems = page.getByRole('region', { name: 'Order Items' });
      expect(await orderItems.getByRole('list', { name: 'Options' }).innerText()).toBe(
        `Eggless (+${inr.format(eggless.price)})\nMessage on cake: “${MESSAGE}”`,
      );
      expect(await page.getByRole('region', { name: 'Order Summary' }).innerText()).toContain(
        inr.format(order.totalPrice),
      );
      await shoot(page, `cake-options-order-${width}`);
      expect(await seriousViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    },
  );
});
