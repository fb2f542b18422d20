import { isPincodeFormat, PINCODE_FORMAT_MESSAGE, PINCODE_UNKNOWN_MESSAGE } from '@store/domain';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import {
  findPincode,
  findServiceArea,
  listServiceAreas,
  type PincodeRecord,
  type ServiceAreaRow,
} from './pincodes.repository.js';

export class PincodesService {
  constructor(private readonly db: Db) {}

  /** Answers with the spec's own texts, which the product page shows as they come. */
  async lookup(input: unknown): Promise<PincodeRecord> {
    const pincode = typeof input === 'string' || typeof input === 'number' ? String(input).trim() : '';
    if (!isPincodeFormat(pincode)) throw new AppError('VALIDATION', PINCODE_FORMAT_MESSAGE);
    const found = await findPincode(this.db, pincode);
    if (!found) throw new AppError('NOT_FOUND', PINCODE_UNKNOWN_MESSAGE);
    return found;
  }

  /** Where the store delivers, most general first. */
  serviceAreas(): Promise<ServiceAreaRow[]> {
    return listServiceAreas(this.db);
  }

  serviceArea(id: number): Promise<ServiceAreaRow | undefined> {
    return findServiceArea(this.db, id);
  }
}
