import { useCallback, useEffect, useRef, useState } from 'react';
import type { PincodeDetail } from '@store/contracts';
import { fetchPincode } from '../../api/products.js';
import { ApiError, errorMessage } from '../../lib/api.js';

export type PincodeLookup =
  | { status: 'idle' }
  | { status: 'loading'; pincode: string }
  | { status: 'found'; pincode: string; detail: PincodeDetail }
  /** `invalid`: the server says no such PIN code exists; otherwise the look-up itself failed. */
  | { status: 'error'; pincode: string; message: string; invalid: boolean };

/** How a look-up ended. */
export type PincodeAnswer = Extract<PincodeLookup, { status: 'found' | 'error' }>;

/**
 * Looks a PIN code up (`GET /api/pincodes/:pin`): district, state and whether the store delivers
 * there. A newer look-up or a reset cancels the one under way; `settled()` waits for the current one.
 */
export function usePincodeLookup(onFound: (detail: PincodeDetail) => void) {
  const [state, setState] = useState<PincodeLookup>({ status: 'idle' });
  const current = useRef<{ controller: AbortController; done: Promise<PincodeAnswer> } | null>(null);
  const found = useRef(onFound);
  useEffect(() => {
    found.current = onFound;
  });
  useEffect(() => () => current.current?.controller.abort(), []);

  const lookup = useCallback((pincode: string): Promise<PincodeAnswer> => {
    current.current?.controller.abort();
    const controller = new AbortController();
    setState({ status: 'loading', pincode });
    const done = fetchPincode(pincode, controller.signal).then(
      (detail): PincodeAnswer => ({ status: 'found', pincode, detail }),
      (err: unknown): PincodeAnswer => ({
        status: 'error',
        pincode,
        message: errorMessage(err),
        invalid: err instanceof ApiError && (err.status === 404 || err.status === 400),
      }),
    );
    current.current = { controller, done };
    void done.then((result) => {
      if (controller.signal.aborted) return;
      setState(result);
      if (result.status === 'found') found.current(result.detail);
    });
    return done;
  }, []);

  const reset = useCallback(() => {
    current.current?.controller.abort();
    current.current = null;
    setState({ status: 'idle' });
  }, []);

  /** The answer for the PIN code last asked about (null when none was asked about since the last reset). */
  const settled = useCallback(async (): Promise<PincodeAnswer | null> => {
    const pending = current.current;
    return pending ? pending.done : null;
  }, []);

  return { state, lookup, reset, settled };
}
