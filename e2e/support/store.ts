import { inject } from 'vitest';

let own: string | null = null;

/**
 * Points this file's API calls and sign-ins at a store of its own (one `startServer` gave it)
 * instead of the run's shared store. Each test file loads these modules afresh, so it is that
 * file's alone.
 */
export function useStore(url: string): void {
  own = url;
}

/** An address on the file's store: the run's shared one unless `useStore` named another. */
export const storeUrl = (route: string) => `${own ?? inject('baseUrl')}${route}`;
