import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ListingFilters } from '../filters-url.js';
import { fakeApi, servePages, withListingRoutes } from '../listing-test-utils.js';
import { FilterPanel } from './filter-panel.js';

function renderPanel(applied: ListingFilters = {}) {
  const onApply = vi.fn<(filters: ListingFilters) => void>();
  render(withListingRoutes(<FilterPanel applied={applied} onApply={onApply} />));
  return { onApply, user: userEvent.setup() };
}

const categorySelect = () => screen.getByRole('combobox', { name: 'Category' });
const optionTexts = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => o.textContent);

beforeEach(() => {
  vi.stubGlobal('fetch', fakeApi(servePages([])).fetch);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('category and subcategory', () => {
  it('lists the categories after "Show All Products" and shows no subcategory until one is chosen', async () => {
    const { user } = renderPanel();
    await screen.findByRole('option', { name: 'Flowers' });
    expect(optionTexts(categorySelect())).toEqual(['Show All Products', 'Flowers', 'Cakes', 'Combos']);
    expect(screen.queryByRole('combobox', { name: 'Subcategory' })).toBeNull();

    await user.selectOptions(categorySelect(), 'Flowers');
    expect(optionTexts(screen.getByRole('combobox', { name: 'Subcategory' }))).toEqual([
      'Show All',
      'Roses',
      'Lilies Bouquet',
    ]);
  });

  it('clearing the category hides and clears the subcategory and colours', async () => {
    const { user, onApply } = renderPanel({ category: 'Flowers', subcategory: 'Roses', color: ['Red'] });
    await screen.findByRole('option', { name: 'Roses' });
    expect(screen.getByRole('combobox', { name: 'Subcategory' })).toHaveProperty('value', 'Roses');

    await user.selectOptions(categorySelect(), 'Show All Products');
    expect(screen.queryByRole('combobox', { name: 'Subcategory' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Red' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Apply Filters' }));
    expect(onApply).toHaveBeenCalledWith({});
  });

  it('changing the category starts its subcategory again', async () => {
    const { user, onApply } = renderPanel({ category: 'Flowers', subcategory: 'Roses' });
    await screen.findByRole('option', { name: 'Roses' });
    await user.selectOptions(categorySelect(), 'Cakes');
    expect(screen.getByRole('combobox', { name: 'Subcategory' })).toHaveProperty('value', '');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Subcategory' }), 'Red Velvet');
    await user.click(screen.getByRole('button', { name: 'Apply Filters' }));
    expect(onApply).toHaveBeenCalledWith({ category: 'Cakes', subcategory: 'Red Velvet' });
  });

  it('shows a subcategory given alone (as the product breadcrumb links it) under its category', async () => {
    renderPanel({ subcategory: 'Chocolate' });
    await screen.findByRole('option', { name: 'Red Velvet' });
    expect(categorySelect()).toHaveProperty('value', 'Cakes');
    expect(screen.getByRole('combobox', { name: 'Subcategory' })).toHaveProperty('value', 'Chocolate');
  });
});

describe('colour swatches', () => {
  it('appear only for a category with a palette, and show that palette', async () => {
    const { user } = renderPanel();
    await screen.findByRole('option', { name: 'Flowers' });
    expect(screen.queryByRole('group', { name: 'Colour' })).toBeNull();

    await user.selectOptions(categorySelect(), 'Combos');
    expect(screen.queryByRole('group', { name: 'Colour' })).toBeNull();

    await user.selectOptions(categorySelect(), 'Cakes');
    const swatches = within(screen.getByRole('group', { name: 'Colour' })).getAllByRole('button');
    expect(swatches.map((s) => s.getAttribute('aria-label'))).toEqual(['Chocolate Brown', 'Cream']);
    expect(swatches[0]?.style.backgroundColor).toMatch(/#5c3317|rgb\(92, 51, 23\)/i);
  });

  it('toggle with aria-pressed, several at once, and are applied as colours', async () => {
    const { user, onApply } = renderPanel({ category: 'Flowers' });
    const red = await screen.findByRole('button', { name: 'Red' });
    const white = screen.getByRole('button', { name: 'White' });
    expect(red.getAttribute('aria-pressed')).toBe('false');

    await user.click(red);
    await user.click(white);
    expect(red.getAttribute('aria-pressed')).toBe('true');
    expect(white.getAttribute('aria-pressed')).toBe('true');
    await user.click(white);
    expect(white.getAttribute('aria-pressed')).toBe('false');

    await user.click(screen.getByRole('button', { name: 'Apply Filters' }));
    expect(onApply).toHaveBeenCalledWith({ category: 'Flowers', color: ['Red'] });
  });
});

describe('minimum rating', () => {
  it('is a radio group of 1 to 5 stars, chosen by click or arrow keys, cleared with Any', async () => {
    const { user, onApply } = renderPanel();
    const group = screen.getByRole('radiogroup', { name: 'Minimum rating' });
    const stars = within(group).getAllByRole('radio');
    expect(stars.map((s) => s.getAttribute('aria-label'))).toEqual([
      '1 star & up',
      '2 stars & up',
      '3 stars & up',
      '4 stars & up',
      '5 stars & up',
    ]);
    expect(stars.filter((s) => s.tabIndex === 0)).toHaveLength(1);

    await user.click(screen.getByRole('radio', { name: '3 stars & up' }));
    expect(screen.getByRole('radio', { name: '3 stars & up' }).getAttribute('aria-checked')).toBe('true');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: '4 stars & up' }).getAttribute('aria-checked')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: '4 stars & up' }));
    expect(screen.getByRole('radio', { name: '3 stars & up' }).getAttribute('aria-checked')).toBe('false');

    await user.click(screen.getByRole('button', { name: 'Apply Filters' }));
    expect(onApply).toHaveBeenLastCalledWith({ minRating: 4 });

    await user.click(screen.getByRole('button', { name: 'Any' }));
    expect(stars.every((s) => s.getAttribute('aria-checked') === 'false')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Apply Filters' }));
    expect(onApply).toHaveBeenLastCalledWith({});
  });
});

describe('price range', () => {
  it('is a labelled two-thumb slider from ₹0 to ₹10,000 in ₹500 steps, moved by keyboard', async () => {
    const { user, onApply } = renderPanel();
    const low = screen.getByRole('slider', { name: 'Minimum price' });
    const high = screen.getByRole('slider', { name: 'Maximum price' });
    expect([low.getAttribute('aria-valuemin'), low.getAttribute('aria-valuemax')]).toEqual(['0', '10000']);
    expect(screen.queryByText('₹0 – ₹10,000+')).not.toBeNull();

    low.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    high.focus();
    await user.keyboard('{ArrowLeft}');
    expect(low.getAttribute('aria-valuenow')).toBe('1000');
    expect(high.getAttribute('aria-valuetext')).toBe('₹9,500');
    expect(screen.queryByText('₹1,000 – ₹9,500')).not.toBeNull();

    await user.click(screen.getByRole('button', { name: 'Apply Filters' }));
    expect(onApply).toHaveBeenCalledWith({ minPrice: 1000, maxPrice: 9500 });
  });

  it('starts from the prices in force', () => {
    renderPanel({ minPrice: 500, maxPrice: 2000 });
    expect(screen.getByRole('slider', { name: 'Minimum price' }).getAttribute('aria-valuenow')).toBe('500');
    expect(screen.getByRole('slider', { name: 'Maximum price' }).getAttribute('aria-valuenow')).toBe('2000');
  });
});

describe('sorting, delivery and keyword', () => {
  it('sorts by Price, Rating, Name or Date added, in Ascending or Descending order once a sort is chosen', async () => {
    const { user, onApply } = renderPanel();
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    const order = screen.getByRole('combobox', { name: 'Order' });
    expect(optionTexts(sort)).toEqual(['Relevance', 'Price', 'Rating', 'Name', 'Date added']);
    expect(optionTexts(order)).toEqual(['Ascending', 'Descending']);
    expect(order).toHaveProperty('disabled', true);

    await user.selectOptions(sort, 'Rating');
    expect(order).toHaveProperty('disabled', false);
    expect(order).toHaveProperty('value', 'desc');
    await user.selectOptions(sort, 'Date added');
    expect(order).toHaveProperty('value', 'desc');
    await user.selectOptions(sort, 'Price');
    expect(order).toHaveProperty('value', 'asc');
    await user.selectOptions(order, 'Descending');
    await user.click(screen.getByRole('button', { name: 'Apply Filters' }));
    expect(onApply).toHaveBeenCalledWith({ sortBy: 'price', order: 'desc' });
  });

  it('applies same day delivery and a trimmed keyword; Enter in the search box applies too', async () => {
    const { user, onApply } = renderPanel({ keyword: 'roses' });
    const search = screen.getByRole('searchbox', { name: 'Search' });
    expect(search).toHaveProperty('value', 'roses');
    await user.click(screen.getByRole('checkbox', { name: 'Same day delivery' }));
    await user.clear(search);
    await user.type(search, '  chocolate cake {Enter}');
    expect(onApply).toHaveBeenCalledWith({ keyword: 'chocolate cake', sameDayDelivery: true });
  });

  it('keeps the recipients and occasions in force when applying other changes', async () => {
    const { user, onApply } = renderPanel({ recipient: ['For Her'], occasion: ['Birthday'] });
    await user.click(screen.getByRole('checkbox', { name: 'Same day delivery' }));
    await user.click(screen.getByRole('button', { name: 'Apply Filters' }));
    expect(onApply).toHaveBeenCalledWith({ recipient: ['For Her'], occasion: ['Birthday'], sameDayDelivery: true });
  });

  it('sends nothing before Apply Filters', async () => {
    const { user, onApply } = renderPanel();
    await screen.findByRole('option', { name: 'Cakes' });
    await user.selectOptions(categorySelect(), 'Cakes');
    await user.click(screen.getByRole('checkbox', { name: 'Same day delivery' }));
    expect(onApply).not.toHaveBeenCalled();
  });
});
