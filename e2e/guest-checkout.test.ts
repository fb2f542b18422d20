import { describe, expect, inject, it } from 'vitest';
import { productInStock } from './support/api.js';
import { seriousViolations } from './support/axe.js';
import { addToCartAt, gatewayOf } from './support/checkout.js';
import { waitForEmail } from './support/mail.js';
import { openPage, shoot, useBrowser } from './support/page.js';

const browser = useBrowser();
const url = (route: string) => `${inject('baseUrl')}${route}`;

// The order's email is read from the store's data folder, which only a store this run started has.
describe.skipIf(!inject('dataDir'))('checking out as a guest', () => {
  it('a first-time buyer goes from a product to paid without an account, then makes one from the email (375)', async () => {
    const email = `guest.${Date.now().toString(36)}@example.in`;
    const product = await productInStock();
    const { context, page, problems } = await openPage(browser(), 375, { height: 812 });
    await addToCartAt(page, url(`/product/${product._id}`));
    await page.goto(url('/cart'));
    await page.getByRole('button', { name: 'Proceed To Checkout' }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    await page.getByRole('button', { name: 'Continue as guest' }).click();

    await page.waitForURL((u) => u.pathname === '/shipping');
    await page.getByRole('heading', { level: 1, name: 'Shipping Details' }).waitFor();
    await page.getByLabel('First Name').fill('Lakshmi');
    await page.getByLabel('Last Name').fill('Varma');
    await page.getByLabel('Street or area').fill('14 Shanmugham Road, Marine Drive');
    await page.getByLabel('Pin Code').fill('682011');
    await page.getByText('Delivering to Ernakulam, Kerala').first().waitFor();
    await page.getByLabel('Phone', { exact: true }).fill('9847012345');
    await page.getByRole('button', { name: /^Tomorrow,/ }).click();
    await page.getByRole('radio', { name: 'Any time, 9 AM – 9 PM' }).check();
    await page.getByLabel('Your name').fill('Ravi Nair');
    await page.getByLabel('Your email').fill(email);
    await page.getByLabel('Your mobile number').fill('9895012345');
    await shoot(page, 'guest-shipping-375');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.waitForURL((u) => u.pathname === '/placeorder');
    expect(await page.getByRole('region', { name: 'Payment Method' }).innerText()).toContain(email);
    await page.getByRole('button', { name: 'Confirm Order' }).click();
    // The gateway opens by itself on the order's own link: nothing to scroll to.
    await page.waitForURL((u) => u.pathname.startsWith('/order/') && u.searchParams.has('token'));
    const gateway = gatewayOf(page);
    await gateway.waitFor();
    expect(await gateway.innerText()).toContain('+919895012345');
    await gateway.getByRole('button', { name: /^Pay ₹/ }).click();
    await page.getByText('Payment Successful!').waitFor();
    await page.getByRole('region', { name: 'Save your details for next time' }).waitFor();
    // The tax invoice downloads by the same link's token.
    const invoice = await page.getByRole('link', { name: 'Download invoice' }).getAttribute('href');
    const pdf = await context.request.get(url(invoice!));
    expect([pdf.status(), pdf.headers()['content-type']]).toEqual([200, 'application/pdf']);
    await shoot(page, 'guest-order-paid-375');
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();

    // Later, from the order's email, in another browser: the link opens the order, and one
    // password makes the account, signed in with the order in it.
    const mail = await waitForEmail(inject('dataDir'), email, /^Order PW-\d+ confirmed/);
    const link = /(http:\/\/\S+\/order\/[0-9a-f-]+\?token=[A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    expect(link).toBeDefined();
    const later = await openPage(browser(), 375, { height: 812 });
    const { pathname, search } = new URL(link!);
    await later.page.goto(url(pathname + search));
    const account = later.page.getByRole('region', { name: 'Save your details for next time' });
    await account.getByLabel('Password').fill('backwaters at dusk');
    await account.getByRole('button', { name: 'Create account' }).click();
    await later.page.getByText('Account created. Your orders are in one place now.').waitFor();
    const mine = (await (await later.context.request.get(url('/api/orders/mine'))).json()) as { _id: string }[];
    expect(mine.map((o) => o._id)).toEqual([pathname.split('/').pop()]);
    expect([...problems, ...later.problems]).toEqual([]);
    await later.context.close();
  });
});
