import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { occasionOn } from '@store/domain';
import { StoreDayContext } from '../../lib/store-day.js';
import { TopMenu } from './top-menu.js';

/** The menu as a page for `day` (an IST date) shows it. */
function renderMenu(day: string) {
  return render(
    <StoreDayContext value={day}>
      <MemoryRouter>
        <TopMenu />
      </MemoryRouter>
    </StoreDayContext>,
  );
}

const menu = () => screen.getByRole('navigation', { name: 'Gift ideas' });
const triggers = () =>
  within(menu())
    .getAllByRole('button')
    .map((b) => b.textContent);

afterEach(cleanup);

describe('the top menu on a day', () => {
  it.each([
    ['2026-08-26', 'Onam Gifts'],
    ['2026-11-08', 'Diwali Gifts'],
    ['2026-12-10', 'Gifts'],
    ['2026-12-11', 'Christmas Gifts'],
    ['2026-12-26', 'New Year Gifts'],
  ])('on %s leads with %s', (day, first) => {
    renderMenu(day);
    expect(triggers()).toEqual([first, 'Flowers', 'Cakes']);
  });

  it("goes by this browser's clock on a page no server rendered", () => {
    render(
      <MemoryRouter>
        <TopMenu />
      </MemoryRouter>,
    );
    const season = occasionOn(new Date());
    expect(triggers()[0]).toBe(season ? `${season.name} Gifts` : 'Gifts');
  });

  it("opens Christmas's group on its special section, linking to plum cakes", async () => {
    renderMenu('2026-12-20');
    await userEvent.click(within(menu()).getByRole('button', { name: 'Christmas Gifts' }));
    const special = await within(menu()).findByRole('list', { name: 'Christmas Special' });
    expect(within(special).getByRole('link', { name: 'Plum Cakes' }).getAttribute('href')).toBe(
      '/products?category=Cakes&subcategory=Plum+cakes',
    );
  });

  it('names no festival outside every window', async () => {
    renderMenu('2026-12-01');
    await userEvent.click(within(menu()).getByRole('button', { name: 'Gifts' }));
    const occasions = await within(menu()).findByRole('list', { name: 'Occasions' });
    expect(
      within(occasions)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual([
      'Birthday',
      'Love and Romance',
      'Weddings and Engagements',
      'Anniversary',
      'Housewarming',
      'Congratulations',
    ]);
    expect(menu().textContent).not.toMatch(/Onam|Diwali|Christmas/);
  });
});
