import { describe, expect, inject, it } from 'vitest';
import { productInStock, registerByApi } from './support/api.js';
import { seriousViolations } from './support/axe.js';
import { addToCartAt } from './support/checkout.js';
import { waitForEmail } from './support/mail.js';
import { openPage, shoot, useBrowser } from './support/page.js';

const browser = useBrowser();
const url = (route: string) => `${inject('baseUrl')}${route}`;

// The code is read from the store's data folder, which only a store this run started has.
describe.skipIf(!inject('dataDir'))('signing in by a one-time code', () => {
  it('a returning buyer signs in by an emailed code in the middle of checkout and lands back on shipping (375)', async () => {
    const { email } = await registerByApi('Nila Varghese', 'thattukada-night-9', { emailPrefix: 'buyer' });
    const product = await productInStock();
    const { context, page, problems } = await openPage(browser(), 375, { height: 812 });
    await addToCartAt(page, url(`/product/${product._id}`));
    await page.goto(url('/cart'));
    await page.getByRole('button', { name: 'Proceed To Checkout' }).click();
    await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('redirect') === '/shipping');

    await page.getByRole('button', { name: 'Sign in with a one-time code' }).click();
    await page.getByLabel('Email or mobile number').fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByText('a 6-digit code is on its way').waitFor();
    await shoot(page, 'sign-in-code-sent-375');
    expect(await seriousViolations(page)).toEqual([]);

    const mail = await waitForEmail(inject('dataDir'), email, 'Your Phoolwala Gifts sign-in code');
    expect(mail.text).toContain('It works once, for 10 minutes.');
    const code = /^(\d{6})$/m.exec(mail.text)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    await page.getByLabel('6-digit code').fill(code!);
    await page.getByRole('form', { name: 'Enter your code' }).getByRole('button', { name: 'Sign In' }).click();

    await page.waitForURL((u) => u.pathname === '/shipping');
    // Only a signed-in buyer is shown shipping: the code signed them in.
    await page.getByRole('heading', { level: 1, name: 'Shipping Details' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
