import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { toast } from 'sonner';
import { asha, renderRoutes, sentBodies, stubApi, type Answers } from '../../test/account-test-utils.js';
import { ProfilePage } from './profile-page.js';
import { setUserInfo } from '../../stores/user-store.js';

const expirationTime = Date.now() + 10 * 24 * 60 * 60 * 1000;

function renderProfile() {
  return renderRoutes('/profile', <Route path="/profile" element={<ProfilePage />} />);
}

/** My Orders and the address book ask for the shopper's orders and saved addresses. */
const noOrders: Answers = { 'GET /api/orders/mine': [200, []], 'GET /api/users/addresses': [200, []] };

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

beforeEach(() => {
  localStorage.clear();
  vi.spyOn(toast, 'error');
  vi.spyOn(toast, 'success');
  act(() => setUserInfo({ ...asha, pincode: '682001', expirationTime }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  act(() => setUserInfo(null));
});

describe('the /profile page', () => {
  it('signs out everywhere only once the shopper confirms and the server has done it', async () => {
    let answer: [number, unknown] = [
      503,
      { message: 'Part of our store is briefly unavailable.', code: 'UNAVAILABLE' },
    ];
    const fetchMock = stubApi({
      ...noOrders,
      'GET /api/users/profile': [200, asha],
      'POST /api/users/logout-everywhere': () => answer,
      'POST /api/users/logout': [200, { message: 'Logged out successfully' }],
    });
    const { user } = renderProfile();
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Sign out on every device?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));
    // A failure is said, and this device stays signed in.
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Part of our store is briefly unavailable.'));
    expect(localStorage.getItem('userInfo')).not.toBeNull();

    answer = [200, { message: 'Signed out on every device' }];
    await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(screen.getByRole('status', { name: 'where' }).textContent).toBe('/login'));
    expect(toast.success).toHaveBeenCalledWith('Signed out on every device');
    expect(localStorage.getItem('userInfo')).toBeNull();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/api/users/logout-everywhere'))).toHaveLength(
      2,
    );
    // The confirm dialog is loaded when first asked for, which a loaded machine takes its time over.
  }, 15_000);

  it('is prefilled from the stored user, then from the server', async () => {
    let answer!: (a: [number, unknown]) => void;
    stubApi({ ...noOrders, 'GET /api/users/profile': () => new Promise((resolve) => (answer = resolve)) });
    renderProfile();
    expect(document.title).toBe('User Profile | Phoolwala Gifts');
    expect(screen.queryByRole('heading', { level: 1, name: 'User Profile' })).not.toBeNull();
    expect(input('Name').value).toBe('Asha Menon');
    expect(input('Email Address').value).toBe('asha@example.com');
    expect(input('Password').value).toBe('');

    act(() => answer([200, { ...asha, name: 'Asha M.' }]));
    await waitFor(() => expect(input('Name').value).toBe('Asha M.'));
    // The stored user follows the server, keeping its expiry and its pincode.
    expect(JSON.parse(localStorage.getItem('userInfo')!)).toEqual({
      ...asha,
      name: 'Asha M.',
      pincode: '682001',
      expirationTime,
    });
  });

  it('updates name and email without a password, and says so', async () => {
    const updated = { ...asha, name: 'Asha Nair', email: 'asha.nair@example.com' };
    const fetchMock = stubApi({
      ...noOrders,
      'GET /api/users/profile': [200, asha],
      'PUT /api/users/profile': [200, updated],
    });
    const { user } = renderProfile();
    await user.clear(input('Name'));
    await user.type(input('Name'), 'Asha Nair');
    await user.clear(input('Email Address'));
    await user.type(input('Email Address'), 'asha.nair@example.com');
    await user.click(screen.getByRole('button', { name: 'Update' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Profile updated successfully'));
    expect(sentBodies(fetchMock, 'PUT /api/users/profile')).toEqual([
      { name: 'Asha Nair', email: 'asha.nair@example.com' },
    ]);
    // The previous pincode stays when the answer has none; the expiry is the session's, unchanged.
    expect(JSON.parse(localStorage.getItem('userInfo')!)).toEqual({ ...updated, pincode: '682001', expirationTime });
  });

  it('sends a new password only when one is typed, and clears both password fields after', async () => {
    const fetchMock = stubApi({
      ...noOrders,
      'GET /api/users/profile': [200, asha],
      'PUT /api/users/profile': [200, asha],
    });
    const { user } = renderProfile();
    await user.type(input('Password'), 'a-new-long-secret');
    await user.type(input('Confirm Password'), 'a-new-long-secret');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Profile updated successfully'));
    expect(sentBodies(fetchMock, 'PUT /api/users/profile')).toEqual([
      { name: 'Asha Menon', email: 'asha@example.com', password: 'a-new-long-secret' },
    ]);
    expect(input('Password').value).toBe('');
    expect(input('Confirm Password').value).toBe('');
  });

  it("says 'Passwords do not match' without asking the server", async () => {
    const fetchMock = stubApi({ ...noOrders, 'GET /api/users/profile': [200, asha] });
    const { user } = renderProfile();
    await user.type(input('Password'), 'a-new-long-secret');
    await user.type(input('Confirm Password'), 'another-secret');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(toast.error).toHaveBeenCalledWith('Passwords do not match');
    expect(input('Confirm Password').getAttribute('aria-invalid')).toBe('true');
    expect(sentBodies(fetchMock, 'PUT /api/users/profile')).toEqual([]);
  });

  it('asks for the current password only while the email or password is being changed, and sends it', async () => {
    const updated = { ...asha, email: 'asha.nair@example.com' };
    const fetchMock = stubApi({
      ...noOrders,
      'GET /api/users/profile': [200, asha],
      'PUT /api/users/profile': [200, updated],
    });
    const { user } = renderProfile();
    expect(screen.queryByLabelText('Current Password')).toBeNull();
    await user.type(input('Password'), 'x');
    expect(screen.queryByLabelText('Current Password')).not.toBeNull();
    await user.clear(input('Password'));
    expect(screen.queryByLabelText('Current Password')).toBeNull();

    await user.clear(input('Email Address'));
    await user.type(input('Email Address'), 'asha.nair@example.com');
    expect(input('Current Password').getAttribute('autocomplete')).toBe('current-password');
    expect(input('Current Password').type).toBe('password');
    await user.type(input('Current Password'), 'my old secret');
    await user.click(screen.getByRole('button', { name: 'Update' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Profile updated successfully'));
    expect(sentBodies(fetchMock, 'PUT /api/users/profile')).toEqual([
      { name: 'Asha Menon', email: 'asha.nair@example.com', currentPassword: 'my old secret' },
    ]);
    expect(screen.queryByLabelText('Current Password')).toBeNull();
  });

  it('marks the current password when the server refuses it, and focuses it', async () => {
    const message = 'Current password is incorrect';
    stubApi({
      ...noOrders,
      'GET /api/users/profile': [200, asha],
      'PUT /api/users/profile': [
        400,
        { message, code: 'VALIDATION', details: [{ field: 'currentPassword', message }] },
      ],
    });
    const { user } = renderProfile();
    await user.type(input('Password'), 'a-new-long-secret');
    await user.type(input('Confirm Password'), 'a-new-long-secret');
    await user.type(input('Current Password'), 'not my password');
    await user.click(screen.getByRole('button', { name: 'Update' }));

    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(message));
    expect(input('Current Password').getAttribute('aria-invalid')).toBe('true');
    expect(input('Password').getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(input('Current Password'));
    expect(screen.getByText(message, { selector: 'p' })).not.toBeNull();
  });

  it('toasts the server’s refusal of a taken email', async () => {
    stubApi({
      ...noOrders,
      'GET /api/users/profile': [200, asha],
      'PUT /api/users/profile': [
        409,
        {
          message: 'An account with this email already exists',
          code: 'CONFLICT',
          details: [{ field: 'email', message: 'An account with this email already exists' }],
        },
      ],
    });
    const { user } = renderProfile();
    await user.clear(input('Email Address'));
    await user.type(input('Email Address'), 'taken@example.com');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('An account with this email already exists'));
    expect(input('Email Address').getAttribute('aria-invalid')).toBe('true');
    expect(JSON.parse(localStorage.getItem('userInfo')!)).toMatchObject({ email: 'asha@example.com' });
  });
});

describe('the address book', () => {
  const ravi = {
    _id: '1f0c9a52-7d3e-4b8a-9c21-5e6f7a8b9c01',
    firstName: 'Ravi',
    lastName: 'Nair',
    address: 'Villa 9',
    address2: '12 MG Road',
    landmark: 'Behind Jawaharlal Nehru Stadium',
    city: 'Kochi',
    state: 'Kerala',
    postalCode: '682011',
    phone: '+919895011111',
    lastUsedAt: '2026-11-20T10:00:00.000Z',
  };
  const amma = {
    ...ravi,
    _id: '2f0c9a52-7d3e-4b8a-9c21-5e6f7a8b9c02',
    firstName: 'Lakshmi',
    address: '',
    landmark: '',
  };
  const RAVI = `PUT /api/users/addresses/${ravi._id}`;

  /** The profile with a book the server changes as it is asked to. */
  function renderWithBook(answers: Answers = {}) {
    let book: unknown[] = [ravi, amma];
    const fetchMock = stubApi({
      ...noOrders,
      'GET /api/users/profile': [200, asha],
      'GET /api/users/addresses': () => [200, book],
      [RAVI]: (init) => {
        book = [{ ...ravi, ...JSON.parse(String(init.body)), phone: '+919895022222' }, amma];
        return [200, book[0]];
      },
      [`DELETE /api/users/addresses/${amma._id}`]: () => {
        book = [ravi];
        return [200, { message: 'Address removed' }];
      },
      ...answers,
    });
    return { ...renderProfile(), fetchMock };
  }
  const list = () => screen.getByRole('list', { name: 'Address book' });

  it('says when there are no saved addresses yet', async () => {
    stubApi({ ...noOrders, 'GET /api/users/profile': [200, asha] });
    renderProfile();
    await screen.findByText(/^No saved addresses yet\./);
    expect(screen.queryByRole('heading', { level: 2, name: 'Address book' })).not.toBeNull();
  });

  it('lists the saved recipients, newest use first, each with its address and phone', async () => {
    renderWithBook();
    await screen.findByRole('list', { name: 'Address book' });
    const cards = within(list()).getAllByRole('listitem');
    expect(cards.map((c) => c.textContent)).toEqual([
      expect.stringContaining(
        'Ravi NairVilla 9, 12 MG Road, Landmark: Behind Jawaharlal Nehru Stadium, Kochi, Kerala 682011+91 9895011111',
      ),
      expect.stringContaining('Lakshmi Nair12 MG Road, Kochi, Kerala 682011'),
    ]);
    expect(within(cards[0]!).getByRole('button', { name: 'Edit the address of Ravi Nair' })).not.toBeNull();
    expect(within(cards[1]!).getByRole('button', { name: 'Remove the address of Lakshmi Nair' })).not.toBeNull();
  });

  it('edits a recipient, checked as at checkout, and shows what the server keeps', async () => {
    const { user, fetchMock } = renderWithBook();
    await user.click(await screen.findByRole('button', { name: 'Edit the address of Ravi Nair' }));
    const form = screen.getByRole('form', { name: 'Edit the address of Ravi Nair' });
    // The form's first field, as at checkout: the PIN code.
    expect(document.activeElement).toBe(within(form).getByLabelText('Pin Code'));
    expect((within(form).getByLabelText('Phone') as HTMLInputElement).value).toBe('9895011111');
    const landmark = within(form).getByLabelText(/^Landmark/) as HTMLInputElement;
    expect(landmark.value).toBe('Behind Jawaharlal Nehru Stadium');
    await user.clear(landmark);
    await user.type(landmark, 'Opposite the stadium gate 2');

    await user.clear(within(form).getByLabelText('Phone'));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(toast.error).toHaveBeenCalledWith('Phone is required');
    expect(sentBodies(fetchMock, RAVI)).toEqual([]);

    await user.type(within(form).getByLabelText('Phone'), '98950 22222');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Address saved'));
    const { _id: _ignored, lastUsedAt: _used, ...fields } = ravi;
    expect(sentBodies(fetchMock, RAVI)).toEqual([
      { ...fields, landmark: 'Opposite the stadium gate 2', phone: '9895022222' },
    ]);
    await waitFor(() => expect(within(list()).getAllByRole('listitem')[0]!.textContent).toContain('+91 9895022222'));
    expect(within(list()).getAllByRole('listitem')[0]!.textContent).toContain('Landmark: Opposite the stadium gate 2');
    expect(screen.queryByRole('form', { name: 'Edit the address of Ravi Nair' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit the address of Ravi Nair' }));
  });

  it('says under State when the server finds the PIN code in another state', async () => {
    const message = 'PIN code 682011 is in Kerala';
    const { user } = renderWithBook({
      [RAVI]: [400, { message, code: 'VALIDATION', details: [{ field: 'state', message }] }],
    });
    await user.click(await screen.findByRole('button', { name: 'Edit the address of Ravi Nair' }));
    const form = screen.getByRole('form', { name: 'Edit the address of Ravi Nair' });
    const state = within(form).getByLabelText('State') as HTMLInputElement;
    await user.clear(state);
    await user.paste('Tamil Nadu');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(message));
    expect(state.getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByText(message, { selector: 'p' })).not.toBeNull();
    expect(document.activeElement).toBe(state);
    expect(within(form).queryByRole('alert')).toBeNull();
  });

  it('removes a recipient only once the shopper confirms', async () => {
    const confirm = vi.fn().mockReturnValueOnce(false).mockReturnValueOnce(true);
    vi.stubGlobal('confirm', confirm);
    const { user, fetchMock } = renderWithBook();
    const remove = await screen.findByRole('button', { name: 'Remove the address of Lakshmi Nair' });
    await user.click(remove);
    expect(confirm).toHaveBeenCalledWith('Remove Lakshmi Nair, Kochi, from your address book?');
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toEqual([]);
    expect(within(list()).getAllByRole('listitem')).toHaveLength(2);

    await user.click(remove);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Address removed'));
    await waitFor(() => expect(within(list()).getAllByRole('listitem')).toHaveLength(1));
    expect(within(list()).getByRole('listitem').textContent).toContain('Ravi Nair');
  });
});
