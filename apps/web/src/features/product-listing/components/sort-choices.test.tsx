import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ListingFilters } from '../filters-url.js';
import { SortChoices } from './sort-choices.js';

function renderChoices(filters: ListingFilters) {
  const onChange = vi.fn<(filters: ListingFilters) => void>();
  render(<SortChoices filters={filters} onChange={onChange} />);
  return { onChange, user: userEvent.setup() };
}

const group = () => screen.getByRole('group', { name: 'Sort by' });
const buttons = () => within(group()).getAllByRole('button');
const pressed = () =>
  buttons()
    .filter((b) => b.getAttribute('aria-pressed') === 'true')
    .map((b) => b.textContent);

afterEach(cleanup);

describe('the sort choices above the results', () => {
  it('offers the API’s newest-first order first when there is no keyword, pressed by default', () => {
    renderChoices({ category: 'Cakes' });
    expect(buttons().map((b) => b.textContent)).toEqual([
      'Newest',
      'Price: low to high',
      'Price: high to low',
      'Top rated',
    ]);
    expect(pressed()).toEqual(['Newest']);
  });

  it('offers Relevance first for a search, and Newest as a sort of its own', () => {
    renderChoices({ keyword: 'roses' });
    expect(buttons().map((b) => b.textContent)).toEqual([
      'Relevance',
      'Price: low to high',
      'Price: high to low',
      'Top rated',
      'Newest',
    ]);
    expect(pressed()).toEqual(['Relevance']);
  });

  it.each<[ListingFilters, string[]]>([
    [{ sortBy: 'price' }, ['Price: low to high']],
    [{ sortBy: 'price', order: 'asc' }, ['Price: low to high']],
    [{ sortBy: 'price', order: 'desc' }, ['Price: high to low']],
    [{ sortBy: 'rating' }, ['Top rated']],
    [{ sortBy: 'rating', order: 'desc' }, ['Top rated']],
    [{ sortBy: 'createdAt' }, ['Newest']],
    [{ keyword: 'roses', sortBy: 'createdAt', order: 'desc' }, ['Newest']],
    // Sorts only the filter panel offers: no button says them.
    [{ sortBy: 'rating', order: 'asc' }, []],
    [{ sortBy: 'name' }, []],
    [{ sortBy: 'createdAt', order: 'asc' }, []],
  ])('presses what %j sorts by: %j', (filters, expected) => {
    renderChoices(filters);
    expect(pressed()).toEqual(expected);
  });

  it('applies a choice at once, keeping every other filter', async () => {
    const filters: ListingFilters = { keyword: 'cake', category: 'Cakes', minRating: 4, sortBy: 'name' };
    const { user, onChange } = renderChoices(filters);
    await user.click(screen.getByRole('button', { name: 'Price: high to low' }));
    expect(onChange).toHaveBeenLastCalledWith({ ...filters, sortBy: 'price', order: 'desc' });
    await user.click(screen.getByRole('button', { name: 'Top rated' }));
    expect(onChange).toHaveBeenLastCalledWith({ ...filters, sortBy: 'rating', order: 'desc' });
    await user.click(screen.getByRole('button', { name: 'Newest' }));
    expect(onChange).toHaveBeenLastCalledWith({ ...filters, sortBy: 'createdAt', order: 'desc' });
    await user.click(screen.getByRole('button', { name: 'Relevance' }));
    expect(onChange).toHaveBeenLastCalledWith({ ...filters, sortBy: undefined, order: undefined });
  });

  it('does nothing for the choice already in force', async () => {
    const { user, onChange } = renderChoices({ sortBy: 'price', order: 'asc' });
    await user.click(screen.getByRole('button', { name: 'Price: low to high' }));
    expect(onChange).not.toHaveBeenCalled();
  });
});
