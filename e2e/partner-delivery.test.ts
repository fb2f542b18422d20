import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { adminCookie, api, DEMO_ADMIN as ADMIN, payOrder, placeOrder, registerByApi } from './support/api.js';
import { seriousViolations } from './support/axe.js';
import { waitForEmail } from './support/mail.js';
import { decodedWidths, dismissToasts, openPage, shoot, useBrowser } from './support/page.js';
import { startServer, type RunningServer } from './support/server.js';
import { istDateIn, signInTo } from './support/shopper.js';
import { storeUrl, useStore } from './support/store.js';

const browser = useBrowser();
const BUYER_PASSWORD = 'kasavu-saree-gift-7';
const PARTNER_PASSWORD = 'plum cake by the harbour';
const RECEIVED_BY = 'Meera (neighbour)';

/**
 * The day the order is booked for, and 10:00 IST that day: the store of this file keeps that clock,
 * running on from it, as a partner sends an order out only on its day; the browsers show that time
 * too, so the partner's Today is the store's. The store is this file's own also because a partner
 * serving Kochi would be offered every Kochi order of the shared store (every test's shopper
 * delivers to 682011), and its lapsed offers would alert the admins about other tests' orders.
 */
const BOOKED = istDateIn(1);
const STORE_MORNING = new Date(`${BOOKED}T10:00:00+05:30`);
let store: RunningServer | undefined;

beforeAll(async () => {
  store = await startServer({ copyOf: inject('seededDir') || undefined, clockAt: STORE_MORNING });
  useStore(store.url);
});
afterAll(async () => {
  if (!store) return;
  store.process.kill('SIGTERM');
  await store.exited;
  await rm(store.dataDir, { recursive: true, force: true });
});

/** A fresh browser at 375 px on the store's clock, and every error its pages meet. */
async function openPhone() {
  const opened = await openPage(browser(), 375, { height: 812 });
  await opened.context.clock.setFixedTime(STORE_MORNING);
  return opened;
}

/** The photo taken at the door: a real picture, as the store judges the bytes it is sent. */
const doorPhoto = () =>
  sharp({ create: { width: 480, height: 360, channels: 3, background: '#e0a96d' } })
    .png()
    .toBuffer();

/** The partner's card for an order, once the store's sweep (every 15 s) has offered the order to the partner. */
async function offeredCard(page: Page, orderNumber: string): Promise<Locator> {
  const card = page.getByRole('article', { name: orderNumber });
  await expect
    .poll(
      async () => {
        await page.goto(storeUrl('/partner'));
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        return card.waitFor({ timeout: 5_000 }).then(
          () => true,
          () => false,
        );
      },
      { timeout: 60_000, interval: 1_000 },
    )
    .toBe(true);
  return card;
}

describe('partner fulfilment', () => {
  it('a partner accepts on /partner, sends the gift out and delivers it with a photo; the buyer sees the photo (375)', async () => {
    const tag = randomUUID().slice(0, 8);
    const admin = await adminCookie();
    const kochi = (await api<{ id: number; name: string }[]>('/api/delivery/areas', { cookie: admin })).find(
      (a) => a.name === 'Kochi',
    )!;
    const partnerName = `Kochi Cake House ${tag}`;
    const partner = await api<{ _id: string }>('/api/admin/partners', {
      method: 'POST',
      cookie: admin,
      body: {
        name: partnerName,
        email: `kitchen-${tag}@example.com`,
        phone: '9847055555',
        areas: [kochi.id],
        makes: ['cakes', 'flowers', 'courier'],
        capacityPerSlot: 20,
      },
    });
    const personEmail = `ravi-${tag}@example.com`;
    await api(`/api/admin/partners/${partner._id}/people`, {
      method: 'POST',
      cookie: admin,
      body: { name: 'Ravi Kumar', email: personEmail },
    });

    // The buyer's order for the store's today, paid through the simulated gateway.
    const buyer = await registerByApi('Anu Thomas', BUYER_PASSWORD, { emailPrefix: 'partner-buyer' });
    const { products } = await api<{ products: { _id: string; available: boolean; countInStock: number }[] }>(
      '/api/products?sameDayDelivery=true&pageLimit=20',
    );
    const product = products.find((p) => p.available && p.countInStock >= 2)!;
    const placed = await placeOrder<{ _id: string; orderNumber: string; razorpayOrder: { id: string } }>(buyer.cookie, {
      productId: product._id,
      recipient: {
        firstName: 'Lakshmi',
        lastName: 'Varma',
        address: 'Flat 3C, Periyar Residency',
        address2: '14 Shanmugham Road, Marine Drive',
      },
      date: BOOKED,
    });
    await payOrder(buyer.cookie, placed);
    const { _id: orderId, orderNumber } = placed;

    // The partner's person sets a password from the invitation and lands on the partner's orders.
    const mail = await waitForEmail(
      store!.dataDir,
      personEmail,
      `Set your password: ${partnerName} on Phoolwala Gifts`,
    );
    const link = new URL(/^Set your password: (\S+)$/m.exec(mail.text)![1]!);
    const kitchen = await openPhone();
    await kitchen.page.goto(storeUrl(link.pathname + link.search));
    await kitchen.page.getByLabel('New Password').fill(PARTNER_PASSWORD);
    await kitchen.page.getByLabel('Confirm Password').fill(PARTNER_PASSWORD);
    await kitchen.page.getByRole('button', { name: 'Set new password' }).click();
    await kitchen.page.waitForURL((u) => u.pathname === '/partner');
    await kitchen.page.getByRole('heading', { level: 1, name: partnerName }).waitFor();

    const card = await offeredCard(kitchen.page, orderNumber);
    await card.getByText('New offer').waitFor();
    expect(await card.getByRole('timer').textContent()).toMatch(/^1[01] min$/);
    expect(await card.getByRole('region', { name: 'Deliver to' }).textContent()).toContain(
      'Lakshmi VarmaFlat 3C, Periyar Residency14 Shanmugham Road, Marine DriveErnakulam 682011',
    );
    expect(await card.getByRole('link', { name: /^Call Lakshmi/ }).getAttribute('href')).toBe('tel:+919847012345');
    await shoot(kitchen.page, 'partner-offer-375');
    expect(await seriousViolations(kitchen.page)).toEqual([]);

    await card.getByRole('button', { name: 'Accept', exact: true }).click();
    await card.getByText('Accepted', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Out for delivery' }).click();
    await card.getByRole('button', { name: 'Delivered', exact: true }).click();
    const form = card.getByRole('form', { name: `Delivered: ${orderNumber}` });
    await form.getByRole('button', { name: 'Mark delivered' }).click();
    await form.getByText('Take a photo of the gift at the door').waitFor();
    await form.getByText('Write the name of the person who took it').waitFor();
    await form
      .getByLabel('Photo of the gift at the door')
      .setInputFiles({ name: 'door.png', mimeType: 'image/png', buffer: await doorPhoto() });
    await form.getByRole('img', { name: 'Preview: the gift at the door' }).waitFor();
    await form.getByLabel('Received by').fill(RECEIVED_BY);
    await shoot(kitchen.page, 'partner-delivered-form-375');
    await form.getByRole('button', { name: 'Mark delivered' }).click();
    await card.getByRole('img', { name: 'The gift delivered to Lakshmi Varma' }).waitFor();
    await card.getByText(`Received by ${RECEIVED_BY}`).waitFor();
    await dismissToasts(kitchen.page);
    await shoot(kitchen.page, 'partner-delivered-375');
    expect(kitchen.problems).toEqual([]);
    await kitchen.context.close();

    // The buyer sees the proof on their order's page.
    const shopper = await openPhone();
    await signInTo(shopper.page, buyer.email, BUYER_PASSWORD, `/order/${orderId}`);
    const photo = shopper.page.getByRole('img', { name: 'Your gift at the door' });
    await photo.waitFor();
    expect(await decodedWidths(photo)).not.toContain(0);
    await shopper.page.getByText(`Received by ${RECEIVED_BY}`).waitFor();
    await shopper.page.getByText(`Made and delivered by ${partnerName}`).waitFor();
    const stepper = shopper.page.getByRole('list', { name: 'Order status' });
    expect(await stepper.locator('[aria-current="step"]').textContent()).toMatch(/^Delivered/);
    expect(await stepper.getByRole('listitem').nth(2).textContent()).toMatch(/^Accepted, done/);
    await shoot(shopper.page, 'partner-proof-order-375');
    expect(await seriousViolations(shopper.page)).toEqual([]);
    expect(shopper.problems).toEqual([]);
    await shopper.context.close();
  });

  it('an admin changes a partner’s areas and capacity in its card; the card shows what was saved (1280)', async () => {
    const tag = randomUUID().slice(0, 8);
    const admin = await adminCookie();
    // Areas away from Kochi: a partner there would be offered the other test's order.
    const [first, second] = (
      await api<{ id: number; name: string }[]>('/api/delivery/areas', { cookie: admin })
    ).filter((a) => a.name !== 'Kochi' && a.name !== 'All India');
    const name = `Fort Florist ${tag}`;
    await api('/api/admin/partners', {
      method: 'POST',
      cookie: admin,
      body: {
        name,
        email: `fort-${tag}@example.com`,
        phone: '9847066666',
        areas: [first!.id],
        makes: ['flowers'],
        capacityPerSlot: 4,
      },
    });
    const desk = await openPage(browser(), 1280);
    await signInTo(desk.page, ADMIN.email, ADMIN.password, '/admin/partners');
    const card = desk.page.getByRole('article', { name });
    await card.getByRole('button', { name: `Edit ${name}` }).click();
    const form = card.getByRole('form', { name: `Edit ${name}` });
    await form.getByLabel('Capacity per slot').fill('12');
    await form.getByRole('checkbox', { name: second!.name }).check();
    await form.getByRole('checkbox', { name: 'Cakes' }).check();
    await shoot(desk.page, 'admin-partner-edit-1280');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await form.waitFor({ state: 'detached' });
    const facts = await card
      .locator('dt')
      .evaluateAll((terms) => terms.map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));
    expect(facts).toEqual([
      ['Makes', 'Cakes, Flowers'],
      [
        'Areas',
        [first!, second!]
          .sort((a, b) => a.id - b.id)
          .map((a) => a.name)
          .join(', '),
      ],
      ['Capacity per slot', '12'],
      ["Today's orders", '0'],
    ]);
    expect(await seriousViolations(desk.page)).toEqual([]);
    expect(desk.problems).toEqual([]);
    await desk.context.close();
  });
});
