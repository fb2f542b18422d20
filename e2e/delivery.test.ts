import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  api,
  apiFetch,
  DEMO_ADMIN,
  productWithoutVariants,
  registerByApi,
  signInByApi,
  type StockedProduct,
} from './support/api.js';
import { seriousViolations } from './support/axe.js';
import { openPage, shoot, useBrowser } from './support/page.js';
import { istDateIn, inr, signIn } from './support/shopper.js';

interface Product extends StockedProduct {
  deliveryOptions: { sameDayDelivery: boolean };
}

const PASSWORD = 'mullappoo-garland-42';
const MESSAGE = 'ജന്മദിനാശംസകൾ, അമ്മേ! Love always.';
const url = (route: string) => `${inject('baseUrl')}${route}`;
const tomorrow = istDateIn(1);

const browser = useBrowser();
let product: Product;
let adminCookie: string;
let kochi: number;

const open = (width: number, height = 900) => openPage(browser(), width, { height, httpErrors: false });

beforeAll(async () => {
  adminCookie = await signInByApi(DEMO_ADMIN);
  const areas = await api<{ id: number; pincodePrefix: string }[]>('/api/delivery/areas', { cookie: adminCookie });
  kochi = areas.find((a) => a.pincodePrefix === '682')!.id;
  product = await productWithoutVariants<Product>(3, 'pageLimit=40&sameDayDelivery=true');
});

describe('gift delivery', () => {
  it("a shopper books tomorrow's midnight slot with a Malayalam card and pays; a full slot is disabled; an admin sees it on Deliveries", async () => {
    // The 7 PM – 9 PM window tomorrow is full in Kochi.
    const full = await apiFetch('/api/delivery/capacity', {
      method: 'PUT',
      cookie: adminCookie,
      body: { areaId: kochi, date: tomorrow, slotId: 'fixed-1900', capacity: 0 },
    });
    expect(full.status).toBe(200);

    const { email } = await registerByApi('Priya Menon', PASSWORD, { emailPrefix: 'gift' });
    const { context, page, problems } = await open(375, 812);
    await page.goto(url('/login'));
    await signIn(page, email, PASSWORD);
    await page.waitForURL((u) => u.pathname !== '/login');

    await page.goto(url(`/product/${product._id}`));
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    await page.getByLabel('Check delivery').fill('682011');
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    await page.getByText(/^Earliest delivery: (Today|Tomorrow)$/).waitFor();
    await page.getByRole('button', { name: 'Add To Cart' }).click();
    await page.keyboard.press('Escape');

    await page.goto(url('/shipping'));
    await page.getByLabel('Pin Code').fill('682011');
    await expect.poll(() => page.getByLabel('City').inputValue()).toBe('Ernakulam');
    await page.getByLabel('Street or area').fill('14 Shanmugham Road, Marine Drive');
    await page.getByLabel('First Name').fill('Lakshmi');
    await page.getByLabel('Last Name').fill('Menon');
    await page.getByLabel('Phone').fill('9847012345');
    await page.getByLabel('Your mobile number').fill('9895011111');
    await page.getByRole('button', { name: /^Tomorrow,/ }).click();

    await page.getByRole('tab', { name: /Fixed time/ }).click();
    const sevenPm = page.getByRole('radio', { name: '7 PM – 9 PM' });
    await sevenPm.waitFor();
    expect(await sevenPm.isDisabled()).toBe(true);
    await expect.poll(() => sevenPm.getAttribute('aria-describedby')).not.toBeNull();
    const note = page.locator(`[id="${await sevenPm.getAttribute('aria-describedby')}"]`);
    expect(await note.innerText()).toBe('This slot is full');
    // It offers the next window of its kind with a place: the first of the day after.
    await page.getByRole('button', { name: /^Next free: \w{3}, \d{1,2} \w{3,4}, 9 AM – 11 AM$/ }).waitFor();
    await shoot(page, 'delivery-full-slot-375');

    await page.getByRole('tab', { name: /Midnight/ }).click();
    await page.getByRole('radio', { name: 'Midnight, 11 PM – 12 AM' }).check();
    await page.getByRole('textbox', { name: 'Message (optional)' }).fill(MESSAGE);
    await page.getByRole('textbox', { name: /^From/ }).fill('Priya');
    await page.getByText(/^Characters used: \d+\/250$/).waitFor();
    await page.getByRole('figure').getByText('Love always.').waitFor();
    await shoot(page, 'delivery-shipping-375');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.waitForURL((u) => u.pathname === '/placeorder');
    const unit = product.discountPrice || product.price;
    const shipping = (unit > 1000 ? 0 : 100) + 250;
    const summary = await page.getByRole('region', { name: 'Order Summary' }).innerText();
    expect(summary).toContain(inr.format(unit + shipping));
    expect(await page.locator('main').innerText()).toContain('Midnight, 11 PM – 12 AM');
    await page.getByRole('button', { name: 'Confirm Order' }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/order/'));
    const orderId = new URL(page.url()).pathname.split('/').pop()!;

    // The gateway opens by itself once the order is confirmed.
    const checkout = page.getByRole('dialog', { name: 'Razorpay Checkout (simulated)' });
    await checkout.getByRole('button', { name: `Pay ${inr.format(unit + shipping)}` }).click();
    await page.getByText('Payment Successful!').waitFor();
    await page.getByText(MESSAGE).first().waitFor();
    await shoot(page, 'delivery-order-paid-375');
    expect(problems).toEqual([]);
    await context.close();

    for (const width of [1280, 375]) {
      const admin = await open(width);
      await admin.page.goto(url(`/login?redirect=${encodeURIComponent(`/admin/deliveries?date=${tomorrow}`)}`));
      await signIn(admin.page, 'admin@example.com', 'admin-demo-pass');
      await admin.page.waitForURL((u) => u.pathname === '/admin/deliveries');
      await admin.page.getByText('Lakshmi Menon').first().waitFor();
      const main = await admin.page.locator('main').innerText();
      expect(main).toContain(MESSAGE);
      expect(main).toContain(product.name);
      expect(await admin.page.locator(`a[href="/order/${orderId}"]`).count()).toBeGreaterThan(0);
      await shoot(admin.page, `delivery-admin-deliveries-${width}`);
      expect(await seriousViolations(admin.page)).toEqual([]);
      expect(admin.problems).toEqual([]);
      await admin.context.close();
    }
  });
});
