CREATE TABLE "order_paid_days" (
	"day" date PRIMARY KEY NOT NULL,
	"revenue" bigint NOT NULL,
	"orders" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_paid_products" (
	"day" date NOT NULL,
	"product_id" uuid NOT NULL,
	"units" integer NOT NULL,
	"revenue" bigint NOT NULL,
	CONSTRAINT "order_paid_products_day_product_id_pk" PRIMARY KEY("day","product_id")
);
--> statement-breakpoint
CREATE TABLE "order_placed_stages" (
	"day" date NOT NULL,
	"stage" text NOT NULL,
	"orders" integer NOT NULL,
	CONSTRAINT "order_placed_stages_day_stage_pk" PRIMARY KEY("day","stage")
);
--> statement-breakpoint
DROP INDEX "orders_delivery_date";--> statement-breakpoint
CREATE INDEX "orders_delivery_date" ON "orders" USING btree ("delivery_date","number","status","packed_at","out_for_delivery_at","delivered_at","delivery_slot_id");--> statement-breakpoint
-- The dashboard's rollups of whole IST days (ADR 051), kept by the triggers below in the
-- transaction of every change to an order or its lines, whichever code makes it: paying,
-- cancelling, expiring, a delivery step, a product's deletion (its lines' product becomes null).
-- The dashboard reads whole days from them and the part of a day up to now from the orders.
--
-- The IST calendar day of an instant, whatever the session's zone (IST has no daylight saving).
CREATE FUNCTION ist_day(at timestamptz) RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (at AT TIME ZONE 'Asia/Kolkata')::date
$$;
--> statement-breakpoint
-- Where an order is, as `orderStage` (domain) has it: its payment, then its furthest delivery step.
CREATE FUNCTION order_stage(status text, packed_at timestamptz, out_for_delivery_at timestamptz, delivered_at timestamptz)
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN status <> 'paid' THEN status
    WHEN delivered_at IS NOT NULL THEN 'delivered'
    WHEN out_for_delivery_at IS NOT NULL THEN 'out_for_delivery'
    WHEN packed_at IS NOT NULL THEN 'packed'
    ELSE 'paid' END
$$;
--> statement-breakpoint
-- What a line brought in (paise): the unit price as `unitPrice` (domain) makes it, times the
-- quantity, less the line's share of the coupon.
CREATE FUNCTION order_line_amount(qty integer, price integer, discount_price integer, options_price integer, coupon_discount integer)
RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (CASE WHEN discount_price > 0 THEN discount_price ELSE price END + options_price)::bigint * qty - coupon_discount
$$;
--> statement-breakpoint
-- A rollup's key cannot be null: lines without a product (deleted since) count under the nil uuid.
CREATE FUNCTION order_figures_product(product_id uuid) RETURNS uuid LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(product_id, '00000000-0000-0000-0000-000000000000'::uuid)
$$;
--> statement-breakpoint
-- Adds (delta 1) or takes back (delta -1) a paid order: its total on the IST day it was paid, and
-- its lines per product. Rows are upserted in key order, so concurrent payments cannot deadlock.
CREATE FUNCTION order_paid_figures_add(an_order uuid, paid timestamptz, total integer, delta integer)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_paid_days AS d (day, revenue, orders) VALUES (ist_day(paid), delta * total, delta)
  ON CONFLICT (day) DO UPDATE SET revenue = d.revenue + excluded.revenue, orders = d.orders + excluded.orders;
  INSERT INTO order_paid_products AS p (day, product_id, units, revenue)
  SELECT ist_day(paid), order_figures_product(i.product_id), delta * sum(i.qty),
         delta * sum(order_line_amount(i.qty, i.price, i.discount_price, i.options_price, i.coupon_discount))
  FROM order_items AS i WHERE i.order_id = an_order
  GROUP BY 2 ORDER BY 2
  ON CONFLICT (day, product_id) DO UPDATE SET units = p.units + excluded.units, revenue = p.revenue + excluded.revenue;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION orders_paid_figures() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status = 'paid' THEN
    PERFORM order_paid_figures_add(OLD.id, OLD.paid_at, OLD.total_price, -1);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = 'paid' THEN
    PERFORM order_paid_figures_add(NEW.id, NEW.paid_at, NEW.total_price, 1);
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD END;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER orders_paid_figures_added AFTER INSERT ON orders
  FOR EACH ROW WHEN (NEW.status = 'paid') EXECUTE FUNCTION orders_paid_figures();
--> statement-breakpoint
CREATE TRIGGER orders_paid_figures_changed AFTER UPDATE OF status, paid_at, total_price ON orders
  FOR EACH ROW WHEN ((OLD.status = 'paid' OR NEW.status = 'paid')
    AND (OLD.status, OLD.paid_at, OLD.total_price) IS DISTINCT FROM (NEW.status, NEW.paid_at, NEW.total_price))
  EXECUTE FUNCTION orders_paid_figures();
--> statement-breakpoint
-- Before the delete: the order's lines go with it, and afterwards could not be read.
CREATE TRIGGER orders_paid_figures_removed BEFORE DELETE ON orders
  FOR EACH ROW WHEN (OLD.status = 'paid') EXECUTE FUNCTION orders_paid_figures();
--> statement-breakpoint
-- Lines added to, taken from or changed in orders already paid, signed. Their orders are locked
-- first (FOR SHARE, in id order): a payment or a cancellation locks its order before it counts
-- the order's lines, so it either commits first, and is seen paid or not here, or reads the lines
-- as this change leaves them. Either way each line is counted once, and there is no lock cycle.
CREATE FUNCTION order_lines_paid_figures_add(order_ids uuid[], product_ids uuid[], units integer[], amounts bigint[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM orders AS o WHERE o.id = ANY (order_ids) ORDER BY o.id FOR SHARE;
  INSERT INTO order_paid_products AS p (day, product_id, units, revenue)
  SELECT ist_day(o.paid_at), order_figures_product(l.product_id), sum(l.units), sum(l.amount)
  FROM unnest(order_ids, product_ids, units, amounts) AS l(order_id, product_id, units, amount)
  JOIN orders AS o ON o.id = l.order_id AND o.status = 'paid'
  GROUP BY 1, 2 HAVING sum(l.units) <> 0 OR sum(l.amount) <> 0 ORDER BY 1, 2
  ON CONFLICT (day, product_id) DO UPDATE SET units = p.units + excluded.units, revenue = p.revenue + excluded.revenue;
END;
$$;
--> statement-breakpoint
-- Once per statement, over its lines: a product's deletion sets every line of it to null at once.
CREATE FUNCTION order_items_paid_figures() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM order_lines_paid_figures_add(array_agg(n.order_id), array_agg(n.product_id), array_agg(n.qty),
      array_agg(order_line_amount(n.qty, n.price, n.discount_price, n.options_price, n.coupon_discount)))
    FROM new_lines AS n;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM order_lines_paid_figures_add(array_agg(o.order_id), array_agg(o.product_id), array_agg(-o.qty),
      array_agg(-order_line_amount(o.qty, o.price, o.discount_price, o.options_price, o.coupon_discount)))
    FROM old_lines AS o;
  ELSE
    PERFORM order_lines_paid_figures_add(array_agg(c.order_id), array_agg(c.product_id), array_agg(c.units), array_agg(c.amount))
    FROM (
      SELECT o.order_id, o.product_id, -o.qty AS units,
             -order_line_amount(o.qty, o.price, o.discount_price, o.options_price, o.coupon_discount) AS amount
      FROM old_lines AS o
      UNION ALL
      SELECT n.order_id, n.product_id, n.qty,
             order_line_amount(n.qty, n.price, n.discount_price, n.options_price, n.coupon_discount)
      FROM new_lines AS n
    ) AS c;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER order_items_paid_figures_added AFTER INSERT ON order_items
  REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION order_items_paid_figures();
--> statement-breakpoint
CREATE TRIGGER order_items_paid_figures_changed AFTER UPDATE ON order_items
  REFERENCING OLD TABLE AS old_lines NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION order_items_paid_figures();
--> statement-breakpoint
CREATE TRIGGER order_items_paid_figures_removed AFTER DELETE ON order_items
  REFERENCING OLD TABLE AS old_lines FOR EACH STATEMENT EXECUTE FUNCTION order_items_paid_figures();
--> statement-breakpoint
-- Orders placed per IST day by stage. Every placement adds to today's row: deferred to the commit,
-- the row is locked only while the transaction commits, so checkouts do not queue behind each
-- other's whole transactions, nor deadlock with an expiry that gives their stock back.
CREATE FUNCTION orders_stage_figures() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO order_placed_stages AS s (day, stage, orders)
    VALUES (ist_day(OLD.created_at), order_stage(OLD.status, OLD.packed_at, OLD.out_for_delivery_at, OLD.delivered_at), -1)
    ON CONFLICT (day, stage) DO UPDATE SET orders = s.orders + excluded.orders;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO order_placed_stages AS s (day, stage, orders)
    VALUES (ist_day(NEW.created_at), order_stage(NEW.status, NEW.packed_at, NEW.out_for_delivery_at, NEW.delivered_at), 1)
    ON CONFLICT (day, stage) DO UPDATE SET orders = s.orders + excluded.orders;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER orders_stage_figures_added AFTER INSERT ON orders
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION orders_stage_figures();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER orders_stage_figures_changed
  AFTER UPDATE OF status, packed_at, out_for_delivery_at, delivered_at, created_at ON orders
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (order_stage(OLD.status, OLD.packed_at, OLD.out_for_delivery_at, OLD.delivered_at)
          IS DISTINCT FROM order_stage(NEW.status, NEW.packed_at, NEW.out_for_delivery_at, NEW.delivered_at)
        OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION orders_stage_figures();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER orders_stage_figures_removed AFTER DELETE ON orders
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION orders_stage_figures();
--> statement-breakpoint
-- The orders so far. Creating the triggers locked both tables against writes until this
-- migration commits, so no change can fall between these counts and the triggers.
INSERT INTO order_paid_days (day, revenue, orders)
SELECT ist_day(paid_at), sum(total_price), count(*) FROM orders WHERE status = 'paid' GROUP BY 1;
--> statement-breakpoint
INSERT INTO order_paid_products (day, product_id, units, revenue)
SELECT ist_day(o.paid_at), order_figures_product(i.product_id), sum(i.qty),
       sum(order_line_amount(i.qty, i.price, i.discount_price, i.options_price, i.coupon_discount))
FROM orders AS o JOIN order_items AS i ON i.order_id = o.id
WHERE o.status = 'paid'
GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO order_placed_stages (day, stage, orders)
SELECT ist_day(created_at), order_stage(status, packed_at, out_for_delivery_at, delivered_at), count(*)
FROM orders GROUP BY 1, 2;
