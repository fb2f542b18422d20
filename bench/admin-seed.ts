/**
 * The admin benchmark's store: tens of thousands of accounts and a hundred thousand orders, made
 * inside PostgreSQL with `INSERT … SELECT generate_series` (a few seconds, where the API would take
 * an hour). Every row satisfies the tables' constraints and looks like the store's own: orders
 * numbered in the order they were placed, lines copied from the real catalogue at its prices,
 * totals, GST and shipping as the pricing rules give them, a timeline and a payment per paid order.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client.js';
import { queryRows } from '../apps/server/src/db/client.js';
import { hashPassword } from '../apps/server/src/modules/users/users.passwords.js';

const FIRST_NAMES = (
  'Aarav Aditi Akhil Ananya Anjali Arjun Deepa Divya Gaurav Ishaan Kavya Kiran Lakshmi ' +
  'Manoj Meera Neha Nikhil Pooja Pranav Priya Rahul Ravi Riya Rohan Sanjay Sneha Suresh ' +
  'Swati Tanvi Varun Vikram Vivek Zoya Fatima Joseph Mary Harpreet Gurpreet Sreeja Anoop'
).split(' ');
const LAST_NAMES = (
  'Sharma Verma Iyer Nair Menon Pillai Reddy Rao Patel Shah Desai Joshi Kulkarni Gupta ' +
  'Agarwal Singh Kaur Khan Das Banerjee Chatterjee Mukherjee Bose Thomas George Kurian ' +
  'Varghese Mehta Kapoor Malhotra'
).split(' ');
/** Weighted as Indian shoppers' addresses are: mostly Gmail. */
const EMAIL_DOMAINS = (
  'gmail.com gmail.com gmail.com gmail.com gmail.com gmail.com yahoo.co.in yahoo.com ' +
  'outlook.com hotmail.com rediffmail.com icloud.com infosys.com tcs.com'
).split(' ');
/**
 * Real PIN codes with their city, state and GST state code: the four cities with delivery slots, and
 * others with standard delivery.
 */
const PLACES = [
  ['682011', 'Kochi', 'Kerala', '32'],
  ['682024', 'Kochi', 'Kerala', '32'],
  ['695001', 'Thiruvananthapuram', 'Kerala', '32'],
  ['110001', 'New Delhi', 'Delhi', '07'],
  ['110017', 'New Delhi', 'Delhi', '07'],
  ['400001', 'Mumbai', 'Maharashtra', '27'],
  ['400050', 'Mumbai', 'Maharashtra', '27'],
  ['411001', 'Pune', 'Maharashtra', '27'],
  ['560001', 'Bengaluru', 'Karnataka', '29'],
  ['560034', 'Bengaluru', 'Karnataka', '29'],
  ['600001', 'Chennai', 'Tamil Nadu', '33'],
  ['500001', 'Hyderabad', 'Telangana', '36'],
  ['700001', 'Kolkata', 'West Bengal', '19'],
  ['380001', 'Ahmedabad', 'Gujarat', '24'],
  ['302001', 'Jaipur', 'Rajasthan', '08'],
] as const;
/** The demo seller's state (DEMO_SELLER): deliveries there are taxed CGST + SGST, elsewhere IGST. */
const SELLER_STATE = 'Karnataka';

/** One seed for PostgreSQL's random(): the same sizes make the same store on every run. */
const SEED = 0.18;
/** One unpaid order in this many was placed minutes ago and is still within its 15 minutes. */
const AWAITING_EVERY = 500;
/** One account in this many is an admin. */
const ADMIN_EVERY = 5_000;

const textArray = (items: readonly string[]) => sql.raw(`ARRAY[${items.map((s) => `'${s}'`).join(', ')}]`);

export interface AdminSeedSizes {
  users: number;
  orders: number;
}

export interface AdminSeedCounts {
  users: number;
  orders: number;
  orderItems: number;
  orderEvents: number;
  payments: number;
  /** Orders by the list's stage (awaiting_payment, paid, packed, …). */
  stages: Record<string, number>;
}

/**
 * Adds `sizes.users` shoppers and `sizes.orders` orders to a migrated store that has its catalogue
 * (the orders' lines are its products), in one transaction: its temporary tables live in one
 * session, and a failed run leaves nothing half made. ANALYZE follows, for the planner's sake.
 */
export async function seedAdminData(db: Db, sizes: AdminSeedSizes): Promise<AdminSeedCounts> {
  // One hash for every synthetic account: argon2 takes ~50 ms a hash, and nobody signs in as them.
  const passwordHash = await hashPassword('bench shopper passphrase');
  await db.transaction(async (tx) => {
    const run = (query: ReturnType<typeof sql>) => tx.execute(query);
    // Serial plans keep random() in one sequence, so the same sizes make the same rows.
    await run(sql`SET LOCAL max_parallel_workers_per_gather = 0`);
    await run(sql`SELECT setseed(${SEED})`);
    await run(sql`
      CREATE TEMP TABLE bench_names ON COMMIT DROP AS
      SELECT ${textArray(FIRST_NAMES)} AS firsts, ${textArray(LAST_NAMES)} AS lasts,
             ${textArray(EMAIL_DOMAINS)} AS domains`);

    await run(sql`
      INSERT INTO users (name, email, password_hash, is_admin, pincode, created_at, updated_at)
      SELECT f || ' ' || l,
             lower(f) || CASE WHEN g % 3 = 0 THEN '_' ELSE '.' END || lower(l) || g || '@' || d,
             ${passwordHash}, g % ${ADMIN_EVERY} = 0, p, at, at
      FROM (
        SELECT g,
               n.firsts[1 + floor(random() * array_length(n.firsts, 1))::int] AS f,
               n.lasts[1 + floor(random() * array_length(n.lasts, 1))::int] AS l,
               n.domains[1 + floor(random() * array_length(n.domains, 1))::int] AS d,
               (${textArray(PLACES.map((p) => p[0]))})[1 + floor(random() * ${PLACES.length})::int] AS p,
               now() - random() * interval '730 days' AS at
        FROM generate_series(1, ${sizes.users}) AS g, bench_names AS n
      ) AS s`);

    // The shoppers who place the orders, numbered for picking; the catalogue the lines copy.
    await run(sql`
      CREATE TEMP TABLE bench_buyers ON COMMIT DROP AS
      SELECT row_number() OVER (ORDER BY created_at, id) AS rn, id, name, email
      FROM users WHERE NOT is_admin`);
    await run(sql`
      CREATE TEMP TABLE bench_products ON COMMIT DROP AS
      SELECT row_number() OVER (ORDER BY created_at, id) AS rn, id, name, price, discount_price,
             image, optimized_images, vendor, hsn_code, gst_rate
      FROM products WHERE available`);

    // Every random choice of an order, made once: delivery dates over ±60 days of today (IST),
    // placed over the last 90 days and never after the delivery day, one order in fifty from
    // before delivery slots (no date). Stages follow the delivery date: past days delivered,
    // today's on their way, later ones paid or packed.
    await run(sql`
      CREATE TEMP TABLE bench_orders ON COMMIT DROP AS
      WITH picks AS (
        SELECT g,
               1 + floor(random() * (SELECT count(*) FROM bench_buyers))::int AS buyer,
               now() - random() * interval '90 days' AS placed,
               (now() AT TIME ZONE 'Asia/Kolkata')::date + floor(random() * 121)::int - 60 AS wanted,
               random() AS r_status, random() AS r_stage, random() AS r_coupon,
               1 + floor(random() * 3)::int AS lines,
               (${textArray(PLACES.map((p) => p.join('|')))})[1 + floor(random() * ${PLACES.length})::int] AS place,
               (6 + floor(random() * 4))::text || lpad(floor(random() * 1e9)::text, 9, '0') AS mobile,
               random() AS r_recipient
        FROM generate_series(1, ${sizes.orders}) AS g
      ), placed AS (
        SELECT *,
               CASE WHEN g % ${AWAITING_EVERY} = 0 THEN now() - random() * interval '14 minutes' ELSE placed END AS at
        FROM picks
      )
      SELECT p.*,
             CASE WHEN g % 50 = 0 THEN NULL
                  ELSE greatest(wanted, (at AT TIME ZONE 'Asia/Kolkata')::date + floor(r_stage * 3)::int) END AS delivery,
             CASE WHEN g % ${AWAITING_EVERY} = 0 THEN 'awaiting_payment'
                  WHEN r_status < 0.12 THEN 'expired' ELSE 'paid' END AS status,
             row_number() OVER (ORDER BY at, g) AS number
      FROM placed AS p`);
    // The picks first, then the join: a random() inside a join condition would be drawn again for
    // every pair the join tries.
    await run(sql`
      CREATE TEMP TABLE bench_picks ON COMMIT DROP AS
      SELECT o.g, line AS position, 1 + floor(random() * (SELECT count(*) FROM bench_products))::int AS pick,
             1 + (random() < 0.15)::int AS qty
      FROM bench_orders AS o
      CROSS JOIN LATERAL generate_series(1, o.lines) AS line`);
    await run(sql`
      CREATE TEMP TABLE bench_lines ON COMMIT DROP AS
      SELECT k.g, k.position, k.qty, pr.* FROM bench_picks AS k JOIN bench_products AS pr ON pr.rn = k.pick`);
    await run(sql`
      CREATE TEMP TABLE bench_totals ON COMMIT DROP AS
      SELECT g,
             sum(unit * qty)::int AS items,
             sum(round(unit * qty * gst_rate / (100.0 + gst_rate)))::int AS tax,
             max(gst_rate) AS top_rate
      FROM (SELECT *, CASE WHEN discount_price > 0 THEN discount_price ELSE price END AS unit FROM bench_lines) AS l
      GROUP BY g`);

    await run(sql`
      INSERT INTO orders (
        id, number, user_id, user_name, user_email, shipping_address, payment_method,
        items_price, shipping_price, tax_price, total_price, status, pay_by, paid_at,
        packed_at, out_for_delivery_at, delivered_at, razorpay_order_id, razorpay_amount, payment_id,
        placed_from, delivery_area_id, delivery_date, delivery_slot_id, delivery_slot,
        coupon_code, coupon_discount, supply_state_code, intra_state, shipping_gst_rate,
        created_at, updated_at)
      SELECT gen_random_uuid(), o.number, b.id, b.name, b.email,
             jsonb_build_object(
               'firstName', n.firsts[1 + floor(o.r_recipient * array_length(n.firsts, 1))::int],
               'lastName', n.lasts[1 + (o.g % array_length(n.lasts, 1))],
               'address', 'Flat ' || (1 + o.g % 40) || ', Block ' || chr(65 + o.g % 6),
               'address2', (1 + o.g % 300) || ' MG Road',
               'city', split_part(o.place, '|', 2), 'state', split_part(o.place, '|', 3),
               'postalCode', split_part(o.place, '|', 1), 'phone', '+91' || o.mobile),
             'Razorpay', t.items, s.shipping, t.tax, t.items + s.shipping - c.discount, o.status,
             o.at + interval '15 minutes',
             CASE WHEN o.status = 'paid' THEN least(now(), o.at + random() * interval '10 minutes') END,
             CASE WHEN stage IN ('packed', 'out_for_delivery', 'delivered') THEN
               least(now(), day_start - interval '3 hours') END,
             CASE WHEN stage IN ('out_for_delivery', 'delivered') THEN least(now(), day_start + interval '1 hour') END,
             CASE WHEN stage = 'delivered' THEN
               least(now(), day_start + interval '3 hours' + random() * interval '8 hours') END,
             'order_bench' || o.number, t.items + s.shipping - c.discount,
             CASE WHEN o.status = 'paid' THEN 'pay_bench' || o.number END,
             '127.0.0.1',
             (SELECT id FROM service_areas WHERE split_part(o.place, '|', 1) LIKE pincode_prefix || '%'
              ORDER BY length(pincode_prefix) DESC LIMIT 1),
             o.delivery, CASE WHEN o.delivery IS NOT NULL THEN 'standard' END,
             CASE WHEN o.delivery IS NOT NULL THEN
               '{"type":"standard","label":"Standard delivery","start":"09:00","end":"21:00","fee":0}'::jsonb END,
             CASE WHEN c.discount > 0 THEN 'FLAT100' END, c.discount,
             split_part(o.place, '|', 4), split_part(o.place, '|', 3) = ${SELLER_STATE}, t.top_rate,
             o.at, o.at
      FROM bench_orders AS o
      JOIN bench_buyers AS b ON b.rn = o.buyer
      JOIN bench_totals AS t ON t.g = o.g
      CROSS JOIN bench_names AS n
      CROSS JOIN LATERAL (SELECT CASE WHEN t.items > 100000 THEN 0 ELSE 10000 END AS shipping) AS s
      CROSS JOIN LATERAL (
        SELECT CASE WHEN o.r_coupon < 0.08 AND t.items >= 99900 THEN 10000 ELSE 0 END AS discount) AS c
      CROSS JOIN LATERAL (
        SELECT (o.delivery::timestamp + interval '9 hours') AT TIME ZONE 'Asia/Kolkata' AS day_start,
               CASE
                 WHEN o.status <> 'paid' THEN o.status
                 WHEN o.delivery IS NULL OR o.delivery < (now() AT TIME ZONE 'Asia/Kolkata')::date THEN
                   CASE WHEN o.r_stage < 0.97 THEN 'delivered' ELSE 'paid' END
                 WHEN o.delivery = (now() AT TIME ZONE 'Asia/Kolkata')::date THEN
                   (ARRAY['paid', 'packed', 'out_for_delivery', 'delivered'])[1 + floor(o.r_stage * 4)::int]
                 WHEN o.delivery = (now() AT TIME ZONE 'Asia/Kolkata')::date + 1 THEN
                   CASE WHEN o.r_stage < 0.3 THEN 'packed' ELSE 'paid' END
                 ELSE 'paid'
               END AS stage) AS st
      ORDER BY o.number`);
    // An undated order's delivery happened a couple of days after it was placed.
    await run(sql`
      UPDATE orders SET delivered_at = created_at + interval '2 days', packed_at = created_at + interval '1 day',
                        out_for_delivery_at = created_at + interval '2 days'
      WHERE delivery_date IS NULL AND status = 'paid' AND created_at < now() - interval '3 days'
        AND number % 33 <> 0`);
    await run(sql`SELECT setval('order_numbers', (SELECT max(number) FROM orders))`);

    await run(sql`
      INSERT INTO order_items (order_id, position, product_id, name, qty, price, discount_price, image,
                               optimized_images, vendor, hsn_code, gst_rate, taxable, cgst, sgst, igst)
      SELECT od.id, l.position, l.id, l.name, l.qty, l.price, l.discount_price, l.image, l.optimized_images,
             l.vendor, l.hsn_code, l.gst_rate, line - tax,
             CASE WHEN od.intra_state THEN tax / 2 ELSE 0 END,
             CASE WHEN od.intra_state THEN tax - tax / 2 ELSE 0 END,
             CASE WHEN od.intra_state THEN 0 ELSE tax END
      FROM bench_lines AS l
      JOIN bench_orders AS o ON o.g = l.g
      JOIN orders AS od ON od.number = o.number
      CROSS JOIN LATERAL (
        SELECT (CASE WHEN l.discount_price > 0 THEN l.discount_price ELSE l.price END) * l.qty AS line) AS a
      CROSS JOIN LATERAL (SELECT round(a.line * l.gst_rate / (100.0 + l.gst_rate))::int AS tax) AS x`);

    await run(sql`
      INSERT INTO order_events (order_id, kind, at)
      SELECT id, kind, at FROM orders
      CROSS JOIN LATERAL (VALUES
        ('placed', created_at),
        ('paid', paid_at),
        ('expired', CASE WHEN status = 'expired' THEN pay_by END),
        ('packed', packed_at),
        ('out_for_delivery', out_for_delivery_at),
        ('delivered', delivered_at)) AS e(kind, at)
      WHERE at IS NOT NULL`);
    // Each paid order's payment, and for one expired order in a hundred a payment that came
    // after it expired and is due back to the shopper (ADR 032).
    await run(sql`
      INSERT INTO payments (id, order_id, razorpay_order_id, amount, outcome, created_at, updated_at)
      SELECT payment_id, id, razorpay_order_id, total_price, 'applied', paid_at, paid_at
      FROM orders WHERE status = 'paid'
      UNION ALL
      SELECT 'pay_late' || number, id, razorpay_order_id, total_price, 'refund_due', pay_by + interval '5 minutes',
             pay_by + interval '5 minutes'
      FROM orders WHERE status = 'expired' AND number % 100 = 0`);
  });
  await db.execute(sql`ANALYZE`);

  const [counts] = await queryRows<Omit<AdminSeedCounts, 'stages'>>(
    db,
    sql`SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM orders)::int AS orders,
               (SELECT count(*) FROM order_items)::int AS "orderItems",
               (SELECT count(*) FROM order_events)::int AS "orderEvents",
               (SELECT count(*) FROM payments)::int AS payments`,
  );
  const stages = await queryRows<{ stage: string; n: number }>(
    db,
    sql`SELECT CASE WHEN status <> 'paid' THEN status WHEN delivered_at IS NOT NULL THEN 'delivered'
                    WHEN out_for_delivery_at IS NOT NULL THEN 'out_for_delivery'
                    WHEN packed_at IS NOT NULL THEN 'packed' ELSE 'paid' END AS stage, count(*)::int AS n
        FROM orders GROUP BY 1 ORDER BY 1`,
  );
  return { ...counts!, stages: Object.fromEntries(stages.map((s) => [s.stage, s.n])) };
}
