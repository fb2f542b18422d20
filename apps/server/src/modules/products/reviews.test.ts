import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { registerCustomer } from '../../test/accounts.js';
import { insertProduct } from '../../test/fixtures.js';
import { checkoutProof, orderBody, placeOrder, verify } from '../../test/orders.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/test-app.js';
import { products, reviews } from './products.table.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const review = (cookie: string | undefined, productId: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/products/${productId}/reviews`,
    ...(cookie ? { headers: { cookie } } : {}),
    payload,
  });
const detail = async (id: string) => (await t.app.inject({ url: `/api/products/${id}` })).json();

describe(`reviews on ${testDatabaseKind}`, () => {
  it("adds a signed-in shopper's review and updates rating and count together", async () => {
    const id = await insertProduct(t.database.db, { reviewRatings: [5] });
    const shopper = await registerCustomer(t.app);
    const res = await review(shopper.cookie, id, { productId: id, rating: 2, comment: '  Petals wilted early.  ' });
    expect([res.statusCode, res.json()]).toEqual([201, { message: 'Review created successfully' }]);
    const product = await detail(id);
    expect(product).toMatchObject({ rating: 3.5, numReviews: 2 });
    expect(product.reviews[0]).toMatchObject({
      name: 'Meera Pillai',
      rating: 2,
      comment: 'Petals wilted early.',
      verifiedPurchase: false,
    });
  });

  it('marks a review by someone who paid for the product as a verified purchase', async () => {
    const id = await insertProduct(t.database.db, {});
    const buyer = await registerCustomer(t.app);
    const order = (await placeOrder(t.app, buyer.cookie, orderBody([{ _id: id, qty: 1 }]))).json();
    await verify(t.app, buyer.cookie, order._id, checkoutProof(order.razorpayOrder.id));
    await review(buyer.cookie, id, { rating: 5, comment: 'Arrived fresh for Onam.' });
    expect((await detail(id)).reviews[0].verifiedPurchase).toBe(true);
  });

  it('refuses out-of-range ratings, empty or huge comments, guests and unknown products', async () => {
    const id = await insertProduct(t.database.db, {});
    const shopper = await registerCustomer(t.app);
    const bad: [object, string][] = [
      [{ rating: 0, comment: 'x' }, 'rating must be a whole number from 1 to 5'],
      [{ rating: 6, comment: 'x' }, 'rating must be a whole number from 1 to 5'],
      [{ rating: 4.5, comment: 'x' }, 'rating must be a whole number from 1 to 5'],
      [{ rating: '5', comment: 'x' }, 'rating must be a whole number from 1 to 5'],
      [{ rating: 4, comment: '   ' }, 'Comment is required'],
      [{ rating: 4 }, 'Comment is required'],
      [{ rating: 4, comment: 'x'.repeat(2001) }, 'Comment must be at most 2000 characters'],
    ];
    for (const [payload, message] of bad) {
      const res = await review(shopper.cookie, id, payload);
      expect([res.statusCode, res.json().message]).toEqual([400, expect.stringContaining(message)]);
    }
    expect((await review(undefined, id, { rating: 4, comment: 'Nice' })).statusCode).toBe(401);
    const unknown = await review(shopper.cookie, '00000000-0000-4000-8000-000000000000', {
      rating: 4,
      comment: 'Nice',
    });
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, 'Product not found']);
    expect((await detail(id)).numReviews).toBe(0);
  });

  it('allows one review per shopper per product, also when two arrive at once', async () => {
    const id = await insertProduct(t.database.db, {});
    const shopper = await registerCustomer(t.app);
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) => review(shopper.cookie, id, { rating: 4, comment: `Try ${i}` })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().message).toBe('You have already reviewed this product');
    const [row] = await t.database.db.select().from(products).where(eq(products.id, id));
    expect(row).toMatchObject({ numReviews: 1, rating: 4 });
  });

  it('counts every one of 50 reviews arriving at once, and averages them exactly', async () => {
    const id = await insertProduct(t.database.db, {});
    const shoppers = await Promise.all(Array.from({ length: 50 }, () => registerCustomer(t.app)));
    const results = await Promise.all(
      shoppers.map((s, i) => review(s.cookie, id, { rating: i % 2 === 0 ? 1 : 5, comment: `Review ${i}` })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(50).fill(201));
    const product = await detail(id);
    expect(product).toMatchObject({ numReviews: 50, rating: 3 });
  });

  it('keeps a comment exactly as typed; markup is data, never HTML', async () => {
    const id = await insertProduct(t.database.db, {});
    const shopper = await registerCustomer(t.app);
    const comment = '<script>alert("x")</script> <b>bold</b> & "quotes"';
    await review(shopper.cookie, id, { rating: 3, comment });
    const [stored] = await t.database.db.select().from(reviews).where(eq(reviews.productId, id));
    expect(stored!.comment).toBe(comment);
    expect((await detail(id)).reviews[0].comment).toBe(comment);
  });
});
