const BASE = 'https://store.invalid';

/**
 * Where to go after signing in: the `redirect` query parameter when it is a path on this site,
 * otherwise `fallback` (home). `//evil.com`, `/\evil.com`, `https://evil.com` and anything else that
 * a browser would resolve to another origin fall back too, so a link cannot send a shopper off-site.
 */
export function safeRedirect(raw: string | null | undefined, fallback = '/'): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return fallback;
  try {
    // Browsers drop tabs and newlines and read '\' as '/', so '/\t/evil.com' is '//evil.com' too.
    if (new URL(raw, BASE).origin !== BASE) return fallback;
  } catch {
    return fallback;
  }
  return raw;
}

/** Where someone signed in goes when no page sent them: a partner's people to their orders (issue 36), others home. */
export function homeOf(user: { isPartner?: boolean } | null): string {
  return user?.isPartner ? '/partner' : '/';
}

/** `/login?redirect=…` (or `/register?…`) that brings the shopper back to `target` afterwards. */
export function withRedirect(page: '/login' | '/register', target: string): string {
  return `${page}?redirect=${encodeURIComponent(target)}`;
}

/** Whether `redirect` is a checkout step, which a guest may take without an account (issue 35). */
export function isCheckoutStep(redirect: string): boolean {
  return ['/shipping', '/payment', '/placeorder'].includes(redirect.split(/[?#]/)[0]!);
}
