import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { Footer } from './footer.js';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('Footer', () => {
  it('shows the copyright with the year it is now', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-03-15T10:00:00+05:30'));
    render(
      <MemoryRouter>
        <Footer />
      </MemoryRouter>,
    );
    expect(screen.queryByText('© 2031 Phoolwala Gifts. All rights reserved.')).not.toBeNull();
  });

  it('links the shop pages, the policies and the social pages', () => {
    render(
      <MemoryRouter>
        <Footer />
      </MemoryRouter>,
    );
    const hrefOf = (name: string) => screen.getByRole('link', { name }).getAttribute('href');
    expect(hrefOf('Home')).toBe('/');
    expect(hrefOf('Login')).toBe('/login');
    expect(hrefOf('Register')).toBe('/register');
    expect(hrefOf('All Products')).toBe('/products');
    for (const policy of ['Privacy Policy', 'Terms and Conditions', 'Refund and Returns']) {
      expect(hrefOf(policy)).toBe('/terms-and-conditions');
    }
    for (const social of ['Instagram', 'Facebook', 'YouTube', 'X']) expect(hrefOf(social)).toMatch(/^https:\/\//);
    expect(screen.queryByText(/Want to collaborate\? Write to/)).not.toBeNull();
  });
});
