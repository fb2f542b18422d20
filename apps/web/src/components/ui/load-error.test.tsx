import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, NetworkError, SERVER_ERROR_MESSAGE } from '../../lib/api.js';
import { LoadError } from './load-error.js';

afterEach(cleanup);

describe('LoadError', () => {
  it('names what failed, says why in plain words, and Try again asks again', async () => {
    const refetch = vi.fn();
    render(
      <LoadError
        what="your orders"
        load={{ error: new NetworkError(new TypeError('Failed to fetch')), refetch, isFetching: false }}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText("We couldn't load your orders.")).not.toBeNull();
    expect(alert.textContent).toContain(
      'The store could not be reached. Check your internet connection and try again.',
    );
    expect(alert.textContent).not.toContain('Failed to fetch');
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it("shows a refusal's own message, and a server fault as a sentence", () => {
    const { rerender } = render(
      <LoadError
        what="the coupons"
        load={{ error: new ApiError('Admins only', 403), refetch: vi.fn(), isFetching: false }}
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain('Admins only');
    rerender(
      <LoadError
        what="the coupons"
        load={{ error: new ApiError(SERVER_ERROR_MESSAGE, 500), refetch: vi.fn(), isFetching: false }}
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain(SERVER_ERROR_MESSAGE);
  });

  it('waits while another try is under way', () => {
    render(
      <LoadError
        what="the products"
        load={{ error: new ApiError(SERVER_ERROR_MESSAGE, 503), refetch: vi.fn(), isFetching: true }}
      />,
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toHaveProperty('disabled', true);
  });
});
