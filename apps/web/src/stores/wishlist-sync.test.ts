import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from 'sonner';
import { WISHLIST_FULL, WISHLIST_MAX_PRODUCTS } from '@store/contracts';
import { asha, stubApi, type Answer } from '../test/account-test-utils.js';
import { SESSION_LIFETIME_MS, setUserInfo } from './user-store.js';
import { clearWishlist, wishlistStore } from './wishlist-store.js';
import { mergeWishlistAtSignIn, toggleWishlisted } from './wishlist-sync.js';

const signIn = () => setUserInfo({ ...asha, expirationTime: Date.now() + SESSION_LIFETIME_MS });
const ids = () => wishlistStore.get().productIds;
const calls = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${url}${init?.body ? ` ${init.body}` : ''}`);

/** An answer held back until the test lets it go. */
function held() {
  let release!: (a: Answer) => void;
  const answer = new Promise<Answer>((resolve) => (release = resolve));
  return { answer: () => answer, release };
}

beforeEach(() => {
  localStorage.clear();
  clearWishlist();
  vi.spyOn(toast, 'error');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setUserInfo(null);
});

describe("a guest's wishlist", () => {
  it('hearts newest first and unhearts in this browser only', () => {
    const fetchMock = stubApi({});
    toggleWishlisted('p1');
    toggleWishlisted('p2');
    expect(ids()).toEqual(['p2', 'p1']);
    toggleWishlisted('p1');
    expect(ids()).toEqual(['p2']);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it(`takes no more than ${WISHLIST_MAX_PRODUCTS} products, and says why`, () => {
    stubApi({});
    const full = Array.from({ length: WISHLIST_MAX_PRODUCTS }, (_, i) => `p${i}`);
    wishlistStore.set({ productIds: full, accountId: null });
    toggleWishlisted('one-more');
    expect(ids()).toEqual(full);
    expect(toast.error).toHaveBeenCalledWith(WISHLIST_FULL);
  });

  it('reads a list stored before accounts kept wishlists (a bare array of ids) as a guest list', async () => {
    localStorage.setItem('wishlist', JSON.stringify(['p1', 7, 'p2']));
    vi.resetModules();
    const fresh = await import('./wishlist-store.js');
    expect(fresh.wishlistStore.get()).toEqual({ productIds: ['p1', 'p2'], accountId: null });
  });
});

describe("a signed-in shopper's wishlist", () => {
  it("joins this browser's list to the account's at sign-in and follows the account's from then on", async () => {
    wishlistStore.set({ productIds: ['p2', 'p1'], accountId: null });
    const fetchMock = stubApi({ 'POST /api/users/wishlist/merge': [200, { productIds: ['p2', 'p1', 'p9'] }] });
    signIn();
    await mergeWishlistAtSignIn();
    expect(calls(fetchMock)).toEqual(['POST /api/users/wishlist/merge {"productIds":["p2","p1"]}']);
    expect(wishlistStore.get()).toEqual({ productIds: ['p2', 'p1', 'p9'], accountId: asha._id });
  });

  it("sends each heart to the account in order, and a quick second one never blinks off on the first's answer", async () => {
    signIn();
    wishlistStore.set({ productIds: ['p1'], accountId: asha._id });
    const first = held();
    const second = held();
    const fetchMock = stubApi({
      'PUT /api/users/wishlist/p2': first.answer,
      'DELETE /api/users/wishlist/p1': second.answer,
    });

    toggleWishlisted('p2');
    toggleWishlisted('p1');
    expect(ids()).toEqual(['p2']);
    first.release([200, { productIds: ['p2', 'p1'] }]);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(ids()).toEqual(['p2']);
    second.release([200, { productIds: ['p2', 'p3'] }]);
    await vi.waitFor(() => expect(ids()).toEqual(['p2', 'p3']));
    expect(calls(fetchMock)).toEqual(['PUT /api/users/wishlist/p2', 'DELETE /api/users/wishlist/p1']);
  });

  it("says what the account refused and goes back to the account's list", async () => {
    signIn();
    wishlistStore.set({ productIds: ['p1'], accountId: asha._id });
    stubApi({
      'PUT /api/users/wishlist/p2': [409, { message: WISHLIST_FULL, code: 'CONFLICT' }],
      'GET /api/users/wishlist': [200, { productIds: ['p1'] }],
    });
    toggleWishlisted('p2');
    expect(ids()).toEqual(['p2', 'p1']);
    await vi.waitFor(() => expect(ids()).toEqual(['p1']));
    expect(toast.error).toHaveBeenCalledWith(WISHLIST_FULL);
  });

  it('joins a copy that does not follow the account yet before changing the account', async () => {
    signIn();
    wishlistStore.set({ productIds: ['p1'], accountId: null });
    const fetchMock = stubApi({
      'POST /api/users/wishlist/merge': [200, { productIds: ['p2', 'p1', 'p5'] }],
      'PUT /api/users/wishlist/p2': [200, { productIds: ['p2', 'p1', 'p5'] }],
    });
    toggleWishlisted('p2');
    await vi.waitFor(() =>
      expect(wishlistStore.get()).toEqual({ productIds: ['p2', 'p1', 'p5'], accountId: asha._id }),
    );
    expect(calls(fetchMock)).toEqual([
      'POST /api/users/wishlist/merge {"productIds":["p2","p1"]}',
      'PUT /api/users/wishlist/p2',
    ]);
  });
});
