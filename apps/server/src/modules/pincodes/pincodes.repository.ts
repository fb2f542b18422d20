import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';

export interface PincodeRecord {
  pincode: string;
  district: string;
  state: string;
  postOffices: string[];
  deliveryAvailable: boolean;
  sameDayDelivery: boolean;
}

/** The PIN code with its post offices and the most specific service area covering it. */
export async function findPincode(db: Db, pincode: string): Promise<PincodeRecord | undefined> {
  const [row] = await queryRows<{
    pincode: string;
    district: string;
    state: string;
    post_offices: string[] | null;
    delivery_available: boolean | null;
    same_day_delivery: boolean | null;
  }>(
    db,
    sql`
    SELECT p.pincode, p.district, p.state,
      (SELECT array_agg(o.name ORDER BY o.name) FROM post_offices o WHERE o.pincode = p.pincode) AS post_offices,
      a.delivery_available, a.same_day_delivery
    FROM pincodes p
    LEFT JOIN LATERAL (
      SELECT s.delivery_available, s.same_day_delivery FROM service_areas s
      WHERE left(p.pincode, length(s.pincode_prefix)) = s.pincode_prefix
      ORDER BY length(s.pincode_prefix) DESC LIMIT 1
    ) a ON true
    WHERE p.pincode = ${pincode}`,
  );
  if (!row) return undefined;
  const deliveryAvailable = row.delivery_available === true;
  return {
    pincode: row.pincode,
    district: row.district,
    state: row.state,
    postOffices: row.post_offices ?? [],
    deliveryAvailable,
    sameDayDelivery: deliveryAvailable && row.same_day_delivery === true,
  };
}
