import { RotateCw } from 'lucide-react';
import { errorMessage } from '../../lib/api.js';
import { Alert } from './alert.js';
import { Button } from './button.js';

/** What a failed load needs to offer another try: a query's own fields, or their like. */
export interface RetryableLoad {
  error: unknown;
  refetch: () => unknown;
  /** Another try is under way: the button waits for it. */
  isFetching: boolean;
}

export interface LoadErrorProps {
  /** What did not load, as the sentence names it: 'your orders', 'this product'. */
  what: string;
  load: RetryableLoad;
  className?: string;
}

/**
 * Every failed load reads the same way: what failed, in plain words, why when the reason is the
 * shopper's to know (a refusal the server worded for people; a dropped connection or a server
 * fault reads as a sentence of `apiFetch`'s), and 'Try again', which asks once more.
 */
export function LoadError({ what, load, className }: LoadErrorProps) {
  return (
    <Alert className={className}>
      <p className="font-semibold">We couldn&apos;t load {what}.</p>
      <p className="mt-0.5">{errorMessage(load.error)}</p>
      <Button
        variant="outline"
        size="sm"
        className="mt-2 border-red-300 bg-white text-red-900 hover:bg-red-100"
        disabled={load.isFetching}
        onClick={() => void load.refetch()}
      >
        <RotateCw className={load.isFetching ? 'size-4 animate-spin' : 'size-4'} aria-hidden="true" />
        Try again
      </Button>
    </Alert>
  );
}
