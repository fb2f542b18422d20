import {
  pincodeFrom,
  PINCODE_FORMAT_MESSAGE,
  PINCODE_UNKNOWN_MESSAGE,
  pincodeStateName,
  pincodeStateProblem,
  type LocalMake,
} from '@store/domain';
import type { Db, Tx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import {
  findPincode,
  findServiceArea,
  listServiceAreas,
  saveServiceArea as saveArea,
  type PincodeRecord,
  type ServiceAreaRow,
} from './pincodes.repository.js';

/** For other modules' reads keyed by a PIN code: which service area covers it is this module's rule. */
export { coveringArea } from './pincodes.repository.js';

const fieldRefusal = (field: string, message: string) => new AppError('VALIDATION', message, [{ field, message }]);

export class PincodesService {
  constructor(private readonly db: Db) {}

  /**
   * Answers with the spec's own texts, which the product page shows as they come. The state is
   * named as it is today, not as the directory files it (Leh is in Ladakh, not Jammu & Kashmir).
   */
  async lookup(input: unknown): Promise<PincodeRecord> {
    const pincode = pincodeFrom(input);
    if (pincode === null) throw new AppError('VALIDATION', PINCODE_FORMAT_MESSAGE);
    const found = await findPincode(this.db, pincode);
    if (!found) throw new AppError('NOT_FOUND', PINCODE_UNKNOWN_MESSAGE);
    return { ...found, state: pincodeStateName(found) };
  }

  /**
   * The PIN code of an address, which must exist and be in the state the address names; a refusal
   * is a 400 naming the field (`postalCode` or `state`, after `prefix`, as schema validation names
   * the fields of a nested object).
   */
  async checkAddress(address: { postalCode: string; state: string }, prefix = ''): Promise<PincodeRecord> {
    let place: PincodeRecord;
    try {
      place = await this.lookup(address.postalCode);
    } catch (err) {
      if (!(err instanceof AppError) || err.statusCode >= 500) throw err;
      throw fieldRefusal(`${prefix}postalCode`, err.message);
    }
    const problem = pincodeStateProblem(place, address.state);
    if (problem) throw fieldRefusal(`${prefix}state`, problem);
    return place;
  }

  /** Where the store delivers, most general first. */
  serviceAreas(): Promise<ServiceAreaRow[]> {
    return listServiceAreas(this.db);
  }

  serviceArea(id: number): Promise<ServiceAreaRow | undefined> {
    return findServiceArea(this.db, id);
  }
}

/** An area's row locked until the transaction ends, for a save that audits what it replaced. */
export function lockServiceArea(tx: Tx, id: number): Promise<ServiceAreaRow | undefined> {
  return findServiceArea(tx, id, true);
}

/** Saves an area's own settings at the version the form was loaded at (ADR 065). */
export function saveServiceArea(
  tx: Tx,
  id: number,
  version: number,
  settings: { leadDays: number; makes: LocalMake[] },
): Promise<ServiceAreaRow | undefined> {
  return saveArea(tx, id, version, settings);
}
