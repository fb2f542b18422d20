import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { Route } from 'react-router';
import type { VitalsSummary } from '@store/contracts';
import { renderRoutes, stubApi, type Answers } from './admin-test-utils.js';
import { VitalsPage } from './vitals-page.js';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SUMMARY = 'GET /api/vitals/summary?days=7';

function open(answers: Answers) {
  const fetchMock = stubApi(answers);
  return { ...renderRoutes('/admin/vitals', <Route path="/admin/vitals" element={<VitalsPage />} />), fetchMock };
}

const week: VitalsSummary = {
  days: 7,
  rows: [
    { pageType: 'product', metric: 'LCP', p75: 3162.5, samples: 20, rating: 'needs-improvement' },
    { pageType: 'product', metric: 'INP', p75: 640, samples: 18, rating: 'poor' },
    { pageType: 'product', metric: 'CLS', p75: 0.031, samples: 1, rating: 'good' },
    { pageType: 'home', metric: 'LCP', p75: 1820, samples: 42, rating: 'good' },
  ],
};

const rowOf = (name: string) =>
  within(screen.getByRole('region', { name: 'Web vitals by page type' }))
    .getAllByRole('row')
    .find((r) => within(r).queryByRole('rowheader', { name }))!;

describe('the web vitals page', () => {
  it('shows each page type’s p75 with its unit, rating in words and sample count, in the page types’ order', async () => {
    open({ [SUMMARY]: [200, week] });
    await screen.findByRole('region', { name: 'Web vitals by page type' });
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['PAGE', 'LCP', 'INP', 'CLS', 'FCP', 'TTFB']);
    expect(screen.getAllByRole('rowheader').map((h) => h.textContent)).toEqual(['Home', 'Product']);

    const cells = within(rowOf('Product'))
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual([
      '3.16 sNeeds work20 samples',
      '640 msPoor18 samples',
      '0.03Good1 sample',
      'No samples',
      'No samples',
    ]);
    expect(within(rowOf('Home')).getAllByRole('cell')[0]!.textContent).toBe('1.82 sGood42 samples');
    expect(screen.getByTitle('Largest Contentful Paint').textContent).toBe('LCP');
  });

  it('says so when nothing was measured yet', async () => {
    open({ [SUMMARY]: [200, { days: 7, rows: [] }] });
    const empty = await screen.findByText(
      'No measurements in the last 7 days yet. They arrive as shoppers browse the store.',
    );
    expect(empty.tagName).toBe('P');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('offers another try when the summary does not load', async () => {
    let fail = true;
    const { user, fetchMock } = open({
      [SUMMARY]: () => (fail ? [500, { message: 'Something went wrong on our side. Please try again.' }] : [200, week]),
    });
    const failed = await screen.findByRole('alert');
    expect(failed.textContent).toContain("We couldn't load the web vitals.");
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    const table = await screen.findByRole('region', { name: 'Web vitals by page type' });
    expect(within(table).getAllByRole('row').length).toBeGreaterThan(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
