import { sql } from 'drizzle-orm';
import { DELIVERY_SLOTS } from '@store/domain';
import type { Database } from '../apps/server/src/db/client.js';

export interface OrderSeed {
  users: number;
  orders: number;
  /** Orders are spread evenly over this many days up to now. */
  days: number;
}

const slotIds = DELIVERY_SLOTS.map((s) => s.id);

/**
 * Shoppers and a year of their orders, written by the database itself (generate_series) so that
 * 100,000 orders take seconds, not minutes of round trips. Seeded (setseed), so every run writes
 * the same store. The orders look like the store's own: 1 to 3 lines of seeded products, 85 %
 * paid a few minutes after placing (with their applied payment), the rest expired or, in the last
 * quarter of an hour, still awaiting payment; each booked in a slot for a day up to five days
 * after placing, delivered once that day has passed, packed or out for delivery on the day. A
 * few payments wait for a refund. Run after the products are seeded and before VACUUM ANALYZE.
 */
export async function seedOrders(database: Database, seed: OrderSeed): Promise<void> {
  const { db } = database;
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT setseed(0.42)`);
    await tx.execute(sql`
      INSERT INTO users (name, email, password_hash, pincode, created_at)
      SELECT 'Shopper ' || n, 'shopper' || n || '@bench.example', NULL, '682011',
             now() - random() * make_interval(days => ${seed.days * 2}::int)
      FROM generate_series(1, ${seed.users}::int) AS n`);
    await tx.execute(sql`
      CREATE TEMP TABLE bench_orders ON COMMIT DROP AS
      WITH shoppers AS (
        SELECT id, name, email, row_number() OVER (ORDER BY created_at, id) - 1 AS k FROM users WHERE NOT is_admin
      ), draw AS (
        SELECT n, random() AS r_user, random() AS r_status, random() AS r_day, random() AS r_slot,
               now() - random() * make_interval(days => ${seed.days}::int) AS placed
        FROM generate_series(1, ${seed.orders}::int) AS n
      )
      SELECT n, u.id AS user_id, u.name, u.email, placed, r_status, r_slot,
             (placed AT TIME ZONE 'Asia/Kolkata')::date + floor(r_day * 6)::int AS delivery_date
      FROM draw JOIN shoppers AS u ON u.k = floor(r_user * (SELECT count(*) FROM shoppers))`);
    await tx.execute(sql`
      INSERT INTO orders (user_id, user_name, user_email, shipping_address, payment_method, items_price,
                          shipping_price, tax_price, total_price, status, pay_by, paid_at, payment_id,
                          packed_at, out_for_delivery_at, delivered_at, razorpay_order_id, razorpay_amount,
                          delivery_date, delivery_slot_id, created_at, updated_at)
      SELECT user_id, name, email,
             jsonb_build_object('firstName', 'Anjali', 'lastName', 'Menon', 'address', '',
                                'address2', n || ' MG Road', 'city', 'Ernakulam', 'state', 'Kerala',
                                'postalCode', '682011', 'phone', '+9198470' || lpad((n % 100000)::text, 5, '0')),
             'Razorpay', 0, 0, 0, 0, s.status, placed + interval '15 minutes',
             CASE WHEN s.status = 'paid' THEN placed + interval '3 minutes' END,
             CASE WHEN s.status = 'paid' THEN 'pay_bench' || n END,
             CASE WHEN s.status = 'paid' AND delivery_date <= s.today THEN placed + interval '1 hour' END,
             CASE WHEN s.status = 'paid' AND delivery_date <= s.today AND r_slot < 0.5 THEN placed + interval '2 hours' END,
             CASE WHEN s.status = 'paid' AND delivery_date < s.today THEN placed + interval '3 hours' END,
             'order_bench' || n, 0, delivery_date,
             (${sql.raw(`ARRAY[${slotIds.map((id) => `'${id}'`).join(', ')}]`)})[1 + floor(r_slot * ${slotIds.length})::int],
             placed, placed
      FROM bench_orders,
           LATERAL (SELECT (now() AT TIME ZONE 'Asia/Kolkata')::date AS today,
                           CASE WHEN r_status < 0.85 THEN 'paid'
                                WHEN placed > now() - interval '15 minutes' THEN 'awaiting_payment'
                                ELSE 'expired' END AS status) AS s
      ORDER BY placed`);
    await tx.execute(sql`
      WITH catalogue AS (
        SELECT id, name, price, discount_price, image, optimized_images,
               row_number() OVER (ORDER BY id) - 1 AS k, count(*) OVER () AS size
        FROM products WHERE available
      )
      INSERT INTO order_items (order_id, position, product_id, name, qty, price, discount_price, image,
                               optimized_images, taxable)
      SELECT o.id, line, p.id, p.name, 1 + (abs(hashtext(o.id::text || line)) % 2), p.price, p.discount_price,
             p.image, p.optimized_images, 0
      FROM orders AS o
      CROSS JOIN LATERAL generate_series(0, abs(hashtext(o.id::text)) % 3) AS line
      JOIN catalogue AS p ON p.k = abs(hashtext(line || o.id::text)) % p.size`);
    await tx.execute(sql`
      UPDATE orders AS o
      SET items_price = t.items,
          shipping_price = CASE WHEN t.items > 100000 THEN 0 ELSE 10000 END,
          total_price = t.items + CASE WHEN t.items > 100000 THEN 0 ELSE 10000 END,
          razorpay_amount = t.items + CASE WHEN t.items > 100000 THEN 0 ELSE 10000 END
      FROM (
        SELECT order_id, sum((CASE WHEN discount_price > 0 THEN discount_price ELSE price END) * qty) AS items
        FROM order_items GROUP BY order_id
      ) AS t
      WHERE t.order_id = o.id`);
    await tx.execute(sql`
      INSERT INTO payments (id, order_id, razorpay_order_id, amount, outcome, created_at, updated_at)
      SELECT payment_id, id, razorpay_order_id, total_price, 'applied', paid_at, paid_at
      FROM orders WHERE status = 'paid'`);
    await tx.execute(sql`
      INSERT INTO payments (id, order_id, razorpay_order_id, amount, outcome, reason, created_at, updated_at)
      SELECT 'pay_benchlate' || number, id, razorpay_order_id, total_price, 'refund_due',
             'the order had expired', pay_by + interval '5 minutes', pay_by + interval '5 minutes'
      FROM orders WHERE status = 'expired' ORDER BY created_at DESC LIMIT 40`);
  });
}
