import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { PincodeDetail } from '@store/contracts';
import { pincodeQuery } from '../../api/pincodes.js';
import { ApiError, errorMessage } from '../../lib/api.js';

export type PincodeLookup =
  | { status: 'idle' }
  | { status: 'loading'; pincode: string }
  | { status: 'found'; pincode: string; detail: PincodeDetail }
  /** `invalid`: the server says no such PIN code exists; otherwise the look-up itself failed. */
  | { status: 'error'; pincode: string; message: string; invalid: boolean };

/** How a look-up ended. */
export type PincodeAnswer = Extract<PincodeLookup, { status: 'found' | 'error' }>;

const failed = (pincode: string, err: unknown): PincodeAnswer => ({
  status: 'error',
  pincode,
  message: errorMessage(err),
  invalid: err instanceof ApiError && (err.status === 404 || err.status === 400),
});

/**
 * Looks a PIN code up: district, state and whether the store delivers there. Only the latest
 * look-up counts: an older answer arriving late neither shows nor fills the form, and a reset
 * forgets the question. `settled()` waits for the answer to the current one.
 */
export function usePincodeLookup(onFound: (detail: PincodeDetail) => void) {
  const queryClient = useQueryClient();
  const [asked, setAsked] = useState<string | null>(null);
  const query = useQuery({ ...pincodeQuery(asked ?? ''), enabled: asked !== null });
  const latest = useRef<Promise<PincodeAnswer> | null>(null);
  const found = useRef(onFound);
  useEffect(() => {
    found.current = onFound;
  });

  const lookup = useCallback(
    (pincode: string): Promise<PincodeAnswer> => {
      setAsked(pincode);
      // Joins the query's own request for this code rather than sending another.
      const done = queryClient.fetchQuery(pincodeQuery(pincode)).then(
        (detail): PincodeAnswer => ({ status: 'found', pincode, detail }),
        (err: unknown) => failed(pincode, err),
      );
      latest.current = done;
      void done.then((answer) => {
        if (latest.current === done && answer.status === 'found') found.current(answer.detail);
      });
      return done;
    },
    [queryClient],
  );

  const reset = useCallback(() => {
    latest.current = null;
    setAsked(null);
  }, []);

  /** The answer for the PIN code last asked about (null when none was asked about since the last reset). */
  const settled = useCallback(async (): Promise<PincodeAnswer | null> => latest.current, []);

  let state: PincodeLookup;
  if (asked === null) state = { status: 'idle' };
  else if (query.data) state = { status: 'found', pincode: asked, detail: query.data };
  else if (query.isError) state = failed(asked, query.error);
  else state = { status: 'loading', pincode: asked };

  return { state, lookup, reset, settled };
}
