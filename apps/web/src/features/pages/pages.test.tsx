import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { NotFoundPage } from './not-found-page.js';
import { TermsPage } from './terms-page.js';

afterEach(cleanup);

describe('TermsPage', () => {
  it('covers every topic with the spec facts and the grievance contact', () => {
    render(
      <MemoryRouter>
        <TermsPage />
      </MemoryRouter>,
    );
    expect(document.title).toBe('Terms and Conditions | Phoolwala Gifts');
    expect(screen.queryByRole('heading', { level: 1, name: 'Terms and Conditions' })).not.toBeNull();
    for (const topic of [
      'Terms of use',
      'Privacy policy',
      'Refund and returns',
      'Shipping and delivery',
      'Grievance contact',
    ])
      expect(screen.queryByRole('heading', { level: 2, name: topic })).not.toBeNull();
    const text = document.body.textContent ?? '';
    for (const fact of [
      'we do not accept returns',
      'within 48 hours',
      'gift certificate, issued within 24 hours',
      '7–10 working days',
      'ship within 1 day',
      'Shipping costs are not refundable.',
      'Monday to Friday, 9:00 to 18:00',
    ])
      expect(text).toContain(fact);
    for (const link of screen.getAllByRole('link', { name: 'grievance@phoolwala.in' }))
      expect(link.getAttribute('href')).toBe('mailto:grievance@phoolwala.in');
    expect(text).toContain('Kochi, Kerala 682031');
  });
});

describe('NotFoundPage', () => {
  it('says so and offers the way back', () => {
    render(
      <MemoryRouter>
        <NotFoundPage />
      </MemoryRouter>,
    );
    expect(document.title).toBe('Page not found | Phoolwala Gifts');
    expect(screen.queryByRole('heading', { level: 1, name: 'Page not found' })).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'All Products' }).getAttribute('href')).toBe('/products');
  });
});
