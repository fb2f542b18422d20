import { useCallback, useEffect, useRef, useState } from 'react';
import type { PincodeDetail } from '@store/contracts';
import { isPincodeFormat, PINCODE_FORMAT_MESSAGE } from '@store/domain';
import { fetchPincode } from '../../api/products.js';
import { ApiError, errorMessage } from '../../lib/api.js';
import { readJson, writeJson } from '../../lib/storage.js';

/** The last PIN code a shopper checked; the cart panel shows it in its shipping estimate. */
const PINCODE_STORAGE_KEY = 'pincode';

export type PincodeCheck =
  | { status: 'idle' }
  | { status: 'loading'; pincode: string }
  | { status: 'error'; message: string }
  | { status: 'success'; detail: PincodeDetail };

export interface PincodeCheckApi {
  value: string;
  setValue(value: string): void;
  check(): void;
  state: PincodeCheck;
  /** Delivery is confirmed for the PIN code in the box: only then may the product be bought. */
  deliveryAvailable: boolean;
}

/** The postal check of spec section 4: idle → loading → error or success with availability. */
export function usePincodeCheck(): PincodeCheckApi {
  const [value, setValueState] = useState(() => readJson<string>(PINCODE_STORAGE_KEY, ''));
  // A remembered code starts as "checking", so the first paint already shows what comes next.
  const [state, setState] = useState<PincodeCheck>(() =>
    isPincodeFormat(value) ? { status: 'loading', pincode: value } : { status: 'idle' },
  );
  const request = useRef<AbortController | null>(null);

  const run = useCallback((pincode: string) => {
    request.current?.abort();
    if (!isPincodeFormat(pincode)) {
      setState({ status: 'error', message: PINCODE_FORMAT_MESSAGE });
      return;
    }
    const controller = new AbortController();
    request.current = controller;
    setState({ status: 'loading', pincode });
    fetchPincode(pincode, controller.signal).then(
      (detail) => {
        if (controller.signal.aborted) return;
        writeJson(PINCODE_STORAGE_KEY, pincode);
        setState({ status: 'success', detail });
      },
      (err: unknown) => {
        if (controller.signal.aborted) return;
        // The server answers the spec's own texts ('Please enter a valid Pin' for an unknown code).
        setState({ status: 'error', message: err instanceof ApiError ? err.message : errorMessage(err) });
      },
    );
  }, []);

  // A PIN code remembered from an earlier visit is checked again, so its answer is current.
  useEffect(() => {
    const remembered = readJson<string>(PINCODE_STORAGE_KEY, '');
    if (isPincodeFormat(remembered)) run(remembered);
    return () => request.current?.abort();
  }, [run]);

  const setValue = useCallback((next: string) => {
    setValueState(next);
    // An answer belongs to the code it was given for; typing another one asks again.
    request.current?.abort();
    setState({ status: 'idle' });
  }, []);

  return {
    value,
    setValue,
    check: () => run(value.trim()),
    state,
    deliveryAvailable: state.status === 'success' && state.detail.deliveryAvailable,
  };
}
