import { useEffect } from 'react';

export const SITE_NAME = 'Phoolwala Gifts';
export const DEFAULT_DESCRIPTION = 'Flowers, cakes, chocolates and combos delivered across India.';

/** 'Terms and Conditions' → 'Terms and Conditions | Phoolwala Gifts'; no title (or the brand) → the brand alone. */
export function pageTitle(title?: string): string {
  const trimmed = title?.trim();
  return !trimmed || trimmed === SITE_NAME ? SITE_NAME : `${trimmed} | ${SITE_NAME}`;
}

function setDescription(content: string): void {
  let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.append(meta);
  }
  meta.content = content;
}

/**
 * Gives the current page its own title and meta description. Both go back to the site's defaults
 * when the page unmounts, so a page that sets none never shows the previous page's title.
 */
export function usePageTitle(title?: string, description?: string): void {
  useEffect(() => {
    document.title = pageTitle(title);
    setDescription(description ?? DEFAULT_DESCRIPTION);
    return () => {
      document.title = SITE_NAME;
      setDescription(DEFAULT_DESCRIPTION);
    };
  }, [title, description]);
}
