import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, renderHook } from '@testing-library/react';
import { DEFAULT_DESCRIPTION, pageTitle, usePageTitle } from './page-title.js';

const description = () => document.head.querySelector('meta[name="description"]')?.getAttribute('content');

afterEach(cleanup);

describe('usePageTitle', () => {
  it('names the page after the store', () => {
    expect(pageTitle('Terms and Conditions')).toBe('Terms and Conditions | Phoolwala Gifts');
    expect(pageTitle('Phoolwala Gifts')).toBe('Phoolwala Gifts');
    expect(pageTitle('  ')).toBe('Phoolwala Gifts');
  });

  it('sets the title and description while the page shows and restores the defaults after', () => {
    const { unmount } = renderHook(() => usePageTitle('Cakes', 'Fresh cakes'));
    expect(document.title).toBe('Cakes | Phoolwala Gifts');
    expect(description()).toBe('Fresh cakes');
    unmount();
    expect(document.title).toBe('Phoolwala Gifts');
    expect(description()).toBe(DEFAULT_DESCRIPTION);
  });
});
