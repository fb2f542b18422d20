import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { toast } from 'sonner';
import type { PartnerResponse, ServiceArea } from '@store/contracts';
import { setUserInfo } from '../../stores/user-store.js';
import { admin, renderRoutes, sentBodies, stubApi, uuid, type Answers } from './admin-test-utils.js';
import { PartnersPage } from './partners-page.js';

const LIST = 'GET /api/admin/partners';
const ADD = 'POST /api/admin/partners';

const area = (id: number, name: string): ServiceArea => ({
  id,
  name,
  pincodePrefix: '',
  deliveryAvailable: true,
  leadDays: 0,
  makes: ['cakes', 'flowers'],
  version: 1,
  slotTypes: [],
});
const AREAS = [area(1, 'All India'), area(2, 'Kochi'), area(3, 'Delhi')];

const kitchen: PartnerResponse = {
  _id: uuid(1),
  name: 'Kochi Cake House',
  email: 'orders@kochicakes.in',
  phone: '+919847055555',
  areas: [{ _id: 2, name: 'Kochi' }],
  makes: ['cakes', 'flowers'],
  capacityPerSlot: 5,
  people: [{ _id: uuid(2), name: 'Ravi Kumar', email: 'ravi@kochicakes.in' }],
  loadToday: 3,
  createdAt: '2026-11-01T00:00:00.000Z',
};

/** A partner card's facts, each label with its value. */
const factsOf = (card: HTMLElement) =>
  [...card.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);

/** The kitchen's card as the list shows it. */
const KITCHEN_FACTS = [
  ['Makes', 'Cakes, Flowers'],
  ['Areas', 'Kochi'],
  ['Capacity per slot', '5'],
  ["Today's orders", '3'],
];

function open(answers: Answers) {
  const fetchMock = stubApi({ 'GET /api/delivery/areas': [200, AREAS], ...answers });
  return { ...renderRoutes('/admin/partners', <Route path="/admin/partners" element={<PartnersPage />} />), fetchMock };
}

beforeEach(() => {
  act(() => setUserInfo(admin));
  vi.spyOn(toast, 'success');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  act(() => setUserInfo(null));
});

describe('/admin/partners', () => {
  it('lists each partner with what it makes, its areas, capacity per slot, orders today and people', async () => {
    open({ [LIST]: [200, { partners: [kitchen] }] });
    const card = await screen.findByRole('article', { name: 'Kochi Cake House' });
    const facts = factsOf(card);
    expect(facts).toEqual(KITCHEN_FACTS);
    expect(card.textContent).toContain('Ravi Kumar');
    expect(
      within(card)
        .getByRole('link', { name: /9847055555/ })
        .getAttribute('href'),
    ).toBe('tel:+919847055555');
  });

  it('adds a partner: every field is asked for first, then sent as the API takes it', async () => {
    let added = false;
    const { user, fetchMock } = open({
      [LIST]: () => [200, { partners: added ? [kitchen] : [] }],
      [ADD]: () => {
        added = true;
        return [201, kitchen];
      },
    });
    await waitFor(() => expect(document.body.textContent).toMatch(/No partners yet/));
    const form = screen.getByRole('form', { name: 'Add a partner' });
    await within(form).findByRole('checkbox', { name: 'Kochi' });
    await user.clear(within(form).getByLabelText('Capacity per slot'));
    await user.click(within(form).getByRole('button', { name: 'Add partner' }));
    expect(
      [
        'Name is required',
        'Email is required',
        'Mobile number is required',
        'Choose at least one area it serves',
        'Choose what it makes',
        'Capacity per slot must be a whole number from 1 to 1000',
      ].map((message) => within(form).queryByText(message) !== null),
    ).toEqual([true, true, true, true, true, true]);
    await waitFor(() => expect(document.activeElement).toBe(within(form).getByLabelText('Name')));
    expect(sentBodies(fetchMock, ADD)).toEqual([]);

    await user.type(within(form).getByLabelText('Name'), 'Kochi Cake House');
    await user.type(within(form).getByLabelText('Email'), 'orders@kochicakes.in');
    await user.type(within(form).getByLabelText('Mobile number'), '98470 55555');
    await user.click(within(form).getByRole('checkbox', { name: 'Kochi' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Cakes' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Flowers' }));
    await user.type(within(form).getByLabelText('Capacity per slot'), '5');
    await user.click(within(form).getByRole('button', { name: 'Add partner' }));

    await screen.findByRole('article', { name: 'Kochi Cake House' });
    expect(sentBodies(fetchMock, ADD)).toEqual([
      {
        name: 'Kochi Cake House',
        email: 'orders@kochicakes.in',
        phone: '98470 55555',
        areas: [2],
        makes: ['cakes', 'flowers'],
        capacityPerSlot: 5,
      },
    ]);
    expect(toast.success).toHaveBeenCalledWith('Kochi Cake House added. Invite its people next.');
    const next = screen.getByRole('form', { name: 'Add a partner' });
    expect((within(next).getByLabelText('Name') as HTMLInputElement).value).toBe('');
  });

  it("shows the server's words for a field it refuses beside that field", async () => {
    const { user } = open({
      [LIST]: [200, { partners: [] }],
      [ADD]: [
        400,
        {
          message: 'Enter a valid 10-digit Indian mobile number',
          code: 'VALIDATION',
          details: [{ field: 'phone', message: 'Enter a valid 10-digit Indian mobile number' }],
        },
      ],
    });
    const form = await screen.findByRole('form', { name: 'Add a partner' });
    await user.type(within(form).getByLabelText('Name'), 'Fort Florist');
    await user.type(within(form).getByLabelText('Email'), 'fort@florist.in');
    await user.type(within(form).getByLabelText('Mobile number'), '12345');
    await user.click(await within(form).findByRole('checkbox', { name: 'Kochi' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Flowers' }));
    await user.click(within(form).getByRole('button', { name: 'Add partner' }));
    const phone = within(form).getByLabelText('Mobile number');
    await waitFor(() => expect(phone.getAttribute('aria-invalid')).toBe('true'));
    expect(form.textContent).toContain('Enter a valid 10-digit Indian mobile number');
  });

  it('edits a partner in its card, starting from what it is; the saved partner takes its place', async () => {
    const saved: PartnerResponse = {
      ...kitchen,
      areas: [
        { _id: 2, name: 'Kochi' },
        { _id: 3, name: 'Delhi' },
      ],
      capacityPerSlot: 8,
    };
    const SAVE = `PUT /api/admin/partners/${kitchen._id}`;
    const { user, fetchMock } = open({ [LIST]: [200, { partners: [kitchen] }], [SAVE]: [200, saved] });
    const card = await screen.findByRole('article', { name: 'Kochi Cake House' });
    await user.click(within(card).getByRole('button', { name: 'Edit Kochi Cake House' }));
    const form = within(card).getByRole('form', { name: 'Edit Kochi Cake House' });
    const box = async (name: string) => (await within(form).findByRole('checkbox', { name })) as HTMLInputElement;
    expect((within(form).getByLabelText('Name') as HTMLInputElement).value).toBe('Kochi Cake House');
    expect((within(form).getByLabelText('Mobile number') as HTMLInputElement).value).toBe('+919847055555');
    expect([(await box('Kochi')).checked, (await box('Delhi')).checked, (await box('Cakes')).checked]).toEqual([
      true,
      false,
      true,
    ]);

    await user.clear(within(form).getByLabelText('Capacity per slot'));
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(form.textContent).toContain('Capacity per slot must be a whole number from 1 to 1000');
    expect(sentBodies(fetchMock, SAVE)).toEqual([]);

    await user.type(within(form).getByLabelText('Capacity per slot'), '8');
    await user.click(await box('Delhi'));
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(within(card).queryByRole('form')).toBeNull());
    expect(sentBodies(fetchMock, SAVE)).toEqual([
      {
        name: 'Kochi Cake House',
        email: 'orders@kochicakes.in',
        phone: '+919847055555',
        areas: [2, 3],
        makes: ['cakes', 'flowers'],
        capacityPerSlot: 8,
      },
    ]);
    const facts = factsOf(card);
    expect(facts).toEqual([
      ['Makes', 'Cakes, Flowers'],
      ['Areas', 'Kochi, Delhi'],
      ['Capacity per slot', '8'],
      ["Today's orders", '3'],
    ]);
    expect(toast.success).toHaveBeenCalledWith('Kochi Cake House saved');
  });

  it('keeps the edit open with the server’s words when it refuses, and Cancel leaves the partner as it was', async () => {
    const SAVE = `PUT /api/admin/partners/${kitchen._id}`;
    const { user, fetchMock } = open({
      [LIST]: [200, { partners: [kitchen] }],
      [SAVE]: [
        409,
        {
          message: 'A partner named Fort Florist already exists',
          code: 'CONFLICT',
          details: [{ field: 'name', message: 'A partner named Fort Florist already exists' }],
        },
      ],
    });
    const card = await screen.findByRole('article', { name: 'Kochi Cake House' });
    await user.click(within(card).getByRole('button', { name: 'Edit Kochi Cake House' }));
    const form = within(card).getByRole('form', { name: 'Edit Kochi Cake House' });
    const name = within(form).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Fort Florist');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(form.textContent).toContain('A partner named Fort Florist already exists');
    expect(sentBodies(fetchMock, SAVE)).toHaveLength(1);

    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(within(card).queryByRole('form')).toBeNull();
    const facts = factsOf(card);
    expect(facts).toEqual(KITCHEN_FACTS);
    expect(card.querySelector('h2')?.textContent).toBe('Kochi Cake House');
  });

  it('invites a person by name and email; they join the partner’s people', async () => {
    const invited: PartnerResponse = {
      ...kitchen,
      people: [...kitchen.people, { _id: uuid(3), name: 'Sneha Joseph', email: 'sneha@kochicakes.in' }],
    };
    const INVITE = `POST /api/admin/partners/${kitchen._id}/people`;
    const { user, fetchMock } = open({ [LIST]: [200, { partners: [kitchen] }], [INVITE]: [201, invited] });
    const card = await screen.findByRole('article', { name: 'Kochi Cake House' });
    await user.click(within(card).getByRole('button', { name: 'Invite a person' }));
    const form = within(card).getByRole('form', { name: 'Invite a person to Kochi Cake House' });
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(form.textContent).toContain('Name is required');
    expect(sentBodies(fetchMock, INVITE)).toEqual([]);

    await user.type(within(form).getByLabelText('Name'), 'Sneha Joseph');
    await user.type(within(form).getByLabelText('Email'), 'sneha@kochicakes.in');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(card.textContent).toContain('Sneha Joseph'));
    expect(sentBodies(fetchMock, INVITE)).toEqual([{ name: 'Sneha Joseph', email: 'sneha@kochicakes.in' }]);
    expect(toast.success).toHaveBeenCalledWith('Invitation sent to sneha@kochicakes.in');
  });
});
