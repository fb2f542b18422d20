import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { Route } from 'react-router';
import { toast } from 'sonner';
import type { AdminProduct, StockAdjustment } from '@store/contracts';
import { setUserInfo } from '../../stores/user-store.js';
import {
  admin,
  conflictRowsOf,
  detail,
  renderRoutes,
  sentBodies,
  stubApi,
  summary,
  uuid,
  type Answers,
} from './admin-test-utils.js';
import { ProductEditPage } from './product-edit-page.js';

const ID = uuid(7);
const PATH = `/admin/product/${ID}/edit`;

const LEDGER = `GET /api/products/${ID}/stock-adjustments?page=1&pageSize=20`;
const ledgerPage = (rows: StockAdjustment[] = []) => ({
  rows,
  page: 1,
  pageSize: 20,
  pages: rows.length ? 1 : 0,
  total: rows.length,
});

function renderEdit(product: AdminProduct, more: Answers = {}) {
  const fetchMock = stubApi({
    [`GET /api/products/${ID}/admin`]: [200, product],
    [LEDGER]: [200, ledgerPage()],
    ...more,
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  const rendered = renderRoutes(PATH, <Route path="/admin/product/:id/edit" element={<ProductEditPage />} />, client);
  return { ...rendered, fetchMock, invalidate };
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const where = () => screen.getByRole('status', { name: 'where' }).textContent;
const subCategory = () => screen.getByRole('button', { name: /^Sub Category/ }) as HTMLButtonElement;

beforeEach(() => {
  vi.spyOn(toast, 'success');
  vi.spyOn(toast, 'error');
  act(() => setUserInfo(admin));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  act(() => setUserInfo(null));
});

describe('Edit Product', () => {
  it('fills every field from the product as stored, with Go Back to the list', async () => {
    renderEdit(
      detail(7, {
        _id: ID,
        name: 'Red Roses',
        price: 999,
        discountPrice: 799,
        discountStartDate: '2026-12-01T00:00:00.000Z',
        countInStock: 12,
        isFeatured: true,
        subCategory: ['Roses'],
        tags: ['romance'],
        weight: 450,
        vendor: ['Kochi Bloom House'],
        deliveryOptions: { sameDayDelivery: true, expressDelivery: false },
      }),
    );
    expect(screen.queryByRole('heading', { level: 1, name: 'Edit Product' })).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Go Back' }).getAttribute('href')).toBe('/admin/productlist');
    await waitFor(() => expect(input('Name').value).toBe('Red Roses'));
    expect(input('Price').value).toBe('999');
    expect(input('Discounted Price').value).toBe('799');
    expect(input('Discount Start Date').value).toBe('2026-12-01');
    const stock = screen.getByRole('region', { name: 'Stock' });
    expect(within(stock.querySelector('dl')!).getByText('Count In Stock').nextSibling?.textContent).toBe('12');
    expect(input('Available').checked).toBe(true);
    expect(input('Is Featured').checked).toBe(true);
    expect(input('Is Selling Fast').checked).toBe(false);
    expect(input('Same Day Delivery').checked).toBe(true);
    expect(input('Weight (in gram)').value).toBe('450');
    expect((screen.getByLabelText('Category') as HTMLSelectElement).value).toBe('Flowers');
    expect((screen.getByLabelText('Fragrance') as HTMLSelectElement).value).toBe('Mild');
    expect(input('Care Instructions').value).toBe('Keep in a cool place, avoid direct sunlight.');
    expect(subCategory().textContent).toContain('Roses');
    expect(screen.getByRole('button', { name: /^Vendors/ }).textContent).toContain('Kochi Bloom House');
    expect(screen.queryByRole('button', { name: 'Remove tag romance' })).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Update' })).not.toBeNull();
  });

  it("keeps Sub Category disabled until a category is chosen, clears it when the category changes, and shows '+ n more'", async () => {
    const { user } = renderEdit(detail(7, { _id: ID, name: 'Sample Product', category: '', available: false }));
    await waitFor(() => expect(input('Name').value).toBe('Sample Product'));
    expect(subCategory().disabled).toBe(true);
    expect(subCategory().textContent).toContain('Choose a category first');

    await user.selectOptions(screen.getByLabelText('Category'), 'Flowers');
    expect(subCategory().disabled).toBe(false);
    await user.click(subCategory());
    const list = await screen.findByRole('group', { name: 'Sub Category' });
    for (const name of ['Roses', 'Rose Bouquet', 'Carnation Bouquet', 'Lilies Bouquet', 'Orchids Bouquet']) {
      await user.click(within(list).getByRole('checkbox', { name }));
    }
    expect(within(list).getAllByRole('checkbox').length).toBe(9);
    const shown = subCategory().textContent!;
    expect(shown).toContain('Roses');
    expect(shown).toContain('Rose Bouquet');
    expect(shown).toContain('Carnation Bouquet');
    expect(shown).not.toContain('Lilies Bouquet');
    expect(shown).toContain('+ 2 more');
    await user.keyboard('{Escape}');

    await user.selectOptions(screen.getByLabelText('Category'), 'Cakes');
    expect(subCategory().textContent).toContain('Select subcategories');
    await user.click(subCategory());
    const cakes = await screen.findByRole('group', { name: 'Sub Category' });
    expect(within(cakes).queryByRole('checkbox', { name: 'Red Velvet' })).not.toBeNull();
    expect(within(cakes).queryByRole('checkbox', { name: 'Roses' })).toBeNull();
    expect(
      within(cakes)
        .getAllByRole('checkbox')
        .every((c) => !(c as HTMLInputElement).checked),
    ).toBe(true);
  });

  it('lists a stored value the vocabulary no longer has, so it can be unticked', async () => {
    const { user } = renderEdit(detail(7, { _id: ID, occasion: ['Birthday', 'Congratulations'] }));
    await waitFor(() => expect(input('Name').value).toBe('Gift 7'));
    await user.click(screen.getByRole('button', { name: /^Occasion/ }));
    const list = await screen.findByRole('group', { name: 'Occasion' });
    await user.click(within(list).getByRole('checkbox', { name: 'Congratulations' }));
    expect(screen.getByRole('button', { name: /^Occasion/ }).textContent).not.toContain('Congratulations');
    expect(screen.getByRole('button', { name: /^Occasion/ }).textContent).toContain('Birthday');
  });

  it('adds tags on Enter or a comma, trimmed, ignoring empty and duplicate ones; a click removes one', async () => {
    const { user } = renderEdit(detail(7, { _id: ID, tags: ['roses'] }));
    await waitFor(() => expect(input('Name').value).toBe('Gift 7'));
    const tags = () =>
      within(screen.getByRole('list', { name: 'Tags added' }))
        .getAllByRole('button')
        .map((b) => b.textContent);
    const box = input('Tags');

    await user.type(box, '  birthday  {Enter}');
    expect(tags()).toEqual(['roses', 'birthday']);
    expect(box.value).toBe('');
    await user.type(box, 'love,   ,Roses,red,');
    expect(tags()).toEqual(['roses', 'birthday', 'love', 'red']);
    expect(box.value).toBe('');
    await user.type(box, '   {Enter}');
    expect(tags()).toEqual(['roses', 'birthday', 'love', 'red']);
    // Enter in the tag box adds a tag; it never sends the form.
    expect(toast.success).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Remove tag love' }));
    expect(tags()).toEqual(['roses', 'birthday', 'red']);
  });

  it('adds and removes variants, and will not send one without a name, price and count in stock', async () => {
    const { user, fetchMock } = renderEdit(detail(7, { _id: ID }));
    await waitFor(() => expect(input('Name').value).toBe('Gift 7'));
    expect(screen.queryByRole('group', { name: 'Variant 1' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Add New Variant' }));
    await user.click(screen.getByRole('button', { name: 'Add New Variant' }));
    expect(screen.getAllByRole('group', { name: /^Variant \d$/ })).toHaveLength(2);

    const first = screen.getByRole('group', { name: 'Variant 1' });
    await user.type(within(first).getByLabelText('Variant name'), 'Half Kg');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(toast.error).toHaveBeenCalledWith('Variant price is required');
    const price = within(first).getByLabelText('Variant price');
    expect(price.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(price);
    expect(within(first).queryByText('Variant count in stock is required')).not.toBeNull();
    const second = screen.getByRole('group', { name: 'Variant 2' });
    expect(within(second).queryByText('Variant name is required')).not.toBeNull();
    expect(sentBodies(fetchMock, `PUT /api/products/${ID}`)).toEqual([]);

    // Each message goes as its field is fixed; the others stay until theirs are.
    await user.type(price, '799');
    expect(price.getAttribute('aria-invalid')).toBeNull();
    expect(within(first).queryByText('Variant price is required')).toBeNull();
    expect(within(first).queryByText('Variant count in stock is required')).not.toBeNull();
    await user.type(within(second).getByLabelText('Variant name'), '1 Kg');
    expect(within(second).queryByText('Variant name is required')).toBeNull();

    await user.click(within(second).getByRole('button', { name: 'Remove Variant 2' }));
    expect(screen.getAllByRole('group', { name: /^Variant \d$/ })).toHaveLength(1);
  });

  it("sends the spec's payload: flat delivery flags, variant _id kept, related product ids; then 'Product updated'", async () => {
    const variantId = uuid(70);
    const related = summary(8, { name: 'Lily Basket' });
    const product = detail(7, {
      _id: ID,
      name: 'Red Roses',
      price: 999,
      countInStock: 12,
      subCategory: ['Roses'],
      discountStartDate: '2026-12-01T06:30:00.000Z',
      variants: [{ _id: variantId, name: '12 stems', price: 999, discountPrice: 0, countInStock: 4, image: '' }],
      relatedProducts: [related],
      productImages: ['/uploads/demo/a.jpg'],
    });
    const { user, fetchMock, invalidate } = renderEdit(product, {
      [`PUT /api/products/${ID}`]: [200, product],
      'GET /api/products/search?keyword=orchid': [200, { products: [summary(9, { name: 'Orchid Elegance' })] }],
      'GET /api/products/search?keyword=zzz': [200, { products: [] }],
    });
    await waitFor(() => expect(input('Name').value).toBe('Red Roses'));

    await user.clear(input('Price'));
    await user.type(input('Price'), '1099.5');
    await user.click(input('Express Delivery'));
    await user.click(screen.getByRole('button', { name: 'Add New Variant' }));
    const added = screen.getByRole('group', { name: 'Variant 2' });
    await user.type(within(added).getByLabelText('Variant name'), '24 stems');
    await user.type(within(added).getByLabelText('Variant price'), '1799');
    await user.type(within(added).getByLabelText('Variant count in stock'), '3');
    await user.click(within(screen.getByRole('group', { name: 'Flowers' })).getByRole('button', { name: 'Red' }));
    await user.type(input('Tags'), 'valentine');

    // Recommended products: search, 'No products found', pick one.
    await user.type(input('Recommended Products'), 'zzz');
    await waitFor(() => expect(screen.queryByText('No products found')).not.toBeNull());
    await user.clear(input('Recommended Products'));
    await user.type(input('Recommended Products'), 'orchid');
    await user.click(await screen.findByRole('button', { name: 'Orchid Elegance' }));
    expect(screen.queryByRole('button', { name: 'Remove Lily Basket' })).not.toBeNull();

    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Product updated'));
    const [body] = sentBodies(fetchMock, `PUT /api/products/${ID}`) as [Record<string, unknown>];
    expect(body).toMatchObject({
      productId: ID,
      version: 1,
      name: 'Red Roses',
      price: 1099.5,
      category: 'Flowers',
      subCategory: ['Roses'],
      fulfilment: 'local',
      sameDayDelivery: false,
      expressDelivery: true,
      variants: [
        { _id: variantId, name: '12 stems', price: 999, image: '' },
        { name: '24 stems', price: 1799, countInStock: 3, image: '' },
      ],
      relatedProducts: [related._id, uuid(9)],
      color: ['Red'],
      tags: ['valentine'],
      productImages: ['/uploads/demo/a.jpg'],
      discountPrice: 0,
      // Untouched: the stored date goes back exactly, time of day included.
      discountStartDate: '2026-12-01T06:30:00.000Z',
      discountEndDate: null,
      weight: null,
      dimensions: { length: null, width: null, height: null },
      fragrance: 'Mild',
      vendor: [],
    });
    expect(body).not.toHaveProperty('deliveryOptions');
    // Stock is not the form's to write: only a new variant's stock to start with goes.
    expect(body).not.toHaveProperty('countInStock');
    expect((body.variants as object[])[0]).not.toHaveProperty('countInStock');
    expect((body.variants as object[])[1]).not.toHaveProperty('_id');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['Product'] });
    await waitFor(() => expect(where()).toBe('/admin/productlist'));
  });

  it('shows a product without a fragrance as None and saves it back as it is', async () => {
    const product = detail(7, { _id: ID, category: 'Cakes', subCategory: [], fragrance: '', careInstructions: '' });
    const { user, fetchMock } = renderEdit(product, { [`PUT /api/products/${ID}`]: [200, product] });
    await waitFor(() => expect(input('Name').value).toBe('Gift 7'));
    const fragrance = screen.getByLabelText('Fragrance') as HTMLSelectElement;
    expect(fragrance.value).toBe('');
    expect(fragrance.selectedOptions[0]!.textContent).toBe('None');
    expect(input('Care Instructions').value).toBe('');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Product updated'));
    const [body] = sentBodies(fetchMock, `PUT /api/products/${ID}`) as [Record<string, unknown>];
    expect(body).toMatchObject({ fragrance: '', careInstructions: '' });
  });

  it('edits personalisation options: an Eggless choice and a message with its limit, ids kept', async () => {
    const messageId = uuid(71);
    const product = detail(7, {
      _id: ID,
      category: 'Cakes',
      subCategory: [],
      options: [{ _id: messageId, name: 'Message on cake', kind: 'text', price: 0, maxLength: 30, required: false }],
    });
    const { user, fetchMock } = renderEdit(product, { [`PUT /api/products/${ID}`]: [200, product] });
    await waitFor(() => expect(input('Name').value).toBe('Gift 7'));
    const message = screen.getByRole('group', { name: 'Option 1: text' });
    expect((within(message).getByLabelText('Character limit') as HTMLInputElement).value).toBe('30');

    await user.click(screen.getByRole('button', { name: 'Add Yes/No Option' }));
    const eggless = screen.getByRole('group', { name: 'Option 2: yes/no choice' });
    expect(within(eggless).queryByLabelText('Character limit')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(toast.error).toHaveBeenCalledWith('Option name is required');
    expect(document.activeElement).toBe(within(eggless).getByLabelText('Option name'));
    expect(sentBodies(fetchMock, `PUT /api/products/${ID}`)).toEqual([]);

    await user.type(within(eggless).getByLabelText('Option name'), 'Eggless');
    await user.type(within(eggless).getByLabelText(/Extra price per unit/), '50');
    const limit = within(message).getByLabelText('Character limit');
    await user.clear(limit);
    await user.type(limit, '25');
    await user.click(within(message).getByLabelText(/Required/));
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Product updated'));
    const [body] = sentBodies(fetchMock, `PUT /api/products/${ID}`) as [Record<string, unknown>];
    expect(body.options).toEqual([
      { _id: messageId, name: 'Message on cake', kind: 'text', price: 0, maxLength: 25, required: true },
      { name: 'Eggless', kind: 'choice', price: 50, maxLength: 0, required: false },
    ]);
  });

  it('fills the GST class as stored, sends an edited one as hsnCode and gstRate', async () => {
    const product = detail(7, { _id: ID, category: 'Combos', hsnCode: '1905', gstRate: 5 });
    const { user, fetchMock } = renderEdit(product, { [`PUT /api/products/${ID}`]: [200, product] });
    await waitFor(() => expect(input('HSN code').value).toBe('1905'));
    const rate = screen.getByLabelText('GST rate') as HTMLSelectElement;
    expect(rate.value).toBe('5');
    expect([...rate.options].map((o) => o.textContent)).toEqual([
      'Category default',
      '0 %',
      '3 %',
      '5 %',
      '12 %',
      '18 %',
      '28 %',
      '40 %',
    ]);
    const group = screen.getByRole('group', { name: 'GST class' });
    expect(group.getAttribute('aria-describedby')).toBe('product-tax-help');
    expect(document.getElementById('product-tax-help')?.textContent).toBe(
      'Prices include GST. A combo is a mixed supply: give it the HSN and rate of its highest-taxed part.',
    );

    await user.clear(input('HSN code'));
    await user.type(input('HSN code'), '180690');
    await user.selectOptions(rate, '18');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Product updated'));
    expect(sentBodies(fetchMock, `PUT /api/products/${ID}`)).toEqual([
      expect.objectContaining({ category: 'Combos', hsnCode: '180690', gstRate: 18 }),
    ]);
  });

  it("takes the new category's default GST class until the admin edits it, then keeps the edited one", async () => {
    const { user, fetchMock } = renderEdit(
      detail(7, { _id: ID, name: 'Sample Product', category: '', hsnCode: '', gstRate: 0, available: false }),
      { [`PUT /api/products/${ID}`]: [200, detail(7, { _id: ID })] },
    );
    await waitFor(() => expect(input('Name').value).toBe('Sample Product'));
    const rate = () => (screen.getByLabelText('GST rate') as HTMLSelectElement).value;
    expect(input('HSN code').value).toBe('');
    expect(rate()).toBe('');

    await user.selectOptions(screen.getByLabelText('Category'), 'Cakes');
    expect(input('HSN code').value).toBe('1905');
    expect(rate()).toBe('5');
    await user.selectOptions(screen.getByLabelText('Category'), 'Flowers');
    expect(input('HSN code').value).toBe('0603');
    expect(rate()).toBe('0');

    await user.selectOptions(screen.getByLabelText('GST rate'), '12');
    await user.selectOptions(screen.getByLabelText('Category'), 'Chocolates');
    expect(input('HSN code').value).toBe('0603');
    expect(rate()).toBe('12');

    await user.clear(input('HSN code'));
    await user.type(input('HSN code'), '06031');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(toast.error).toHaveBeenCalledWith('HSN code must be 4, 6 or 8 digits');
    expect(input('HSN code').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(input('HSN code'));
    expect(sentBodies(fetchMock, `PUT /api/products/${ID}`)).toEqual([]);
  });

  it('fills how it travels as stored, and sends the kind the admin chooses', async () => {
    const product = detail(7, { _id: ID, category: 'Cakes', subCategory: ['Plum cakes'], fulfilment: 'courier' });
    const { user, fetchMock } = renderEdit(product, { [`PUT /api/products/${ID}`]: [200, product] });
    await waitFor(() => expect(input('Name').value).toBe('Gift 7'));
    const travels = screen.getByRole('group', { name: 'How it travels' });
    expect(
      within(travels)
        .getAllByRole('radio')
        .map((r) => [(r as HTMLInputElement).labels?.[0]?.textContent, (r as HTMLInputElement).checked]),
    ).toEqual([
      ['Made and hand-delivered locally', false],
      ['Packed and sent by courier', true],
    ]);
    expect(travels.getAttribute('aria-describedby')).toBe('product-fulfilment-help');

    await user.click(within(travels).getByRole('radio', { name: 'Made and hand-delivered locally' }));
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Product updated'));
    expect(sentBodies(fetchMock, `PUT /api/products/${ID}`)).toEqual([
      expect.objectContaining({ category: 'Cakes', subCategory: ['Plum cakes'], fulfilment: 'local' }),
    ]);
  });

  it("takes the new category's and subcategories' way of travelling until the admin chooses one, then keeps it", async () => {
    const product = detail(7, { _id: ID, category: 'Chocolates', subCategory: [], fulfilment: 'courier' });
    const { user, fetchMock } = renderEdit(product, { [`PUT /api/products/${ID}`]: [200, product] });
    await waitFor(() => expect(input('Name').value).toBe('Gift 7'));
    const kind = (name: string) => screen.getByRole('radio', { name }) as HTMLInputElement;
    const local = () => kind('Made and hand-delivered locally');
    const courier = () => kind('Packed and sent by courier');
    expect(courier().checked).toBe(true);

    // Moved from Chocolates to Cakes: a fresh cake is made and delivered locally.
    await user.selectOptions(screen.getByLabelText('Category'), 'Cakes');
    expect(local().checked).toBe(true);
    // ...unless it is a plum cake, which comes in a tin.
    await user.click(subCategory());
    await user.click(
      within(await screen.findByRole('group', { name: 'Sub Category' })).getByRole('checkbox', { name: 'Plum cakes' }),
    );
    await user.keyboard('{Escape}');
    expect(courier().checked).toBe(true);

    // Chosen by the admin: no category or subcategory changes it again.
    await user.click(local());
    await user.selectOptions(screen.getByLabelText('Category'), 'Chocolates');
    expect(local().checked).toBe(true);
    await user.selectOptions(screen.getByLabelText('Category'), 'Cakes');
    await user.click(subCategory());
    await user.click(
      within(await screen.findByRole('group', { name: 'Sub Category' })).getByRole('checkbox', { name: 'Plum cakes' }),
    );
    await user.keyboard('{Escape}');
    expect(local().checked).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Product updated'));
    expect(sentBodies(fetchMock, `PUT /api/products/${ID}`)).toEqual([
      expect.objectContaining({ category: 'Cakes', subCategory: ['Plum cakes'], fulfilment: 'local' }),
    ]);
  });

  it("says the server's refusal as a toast and stays on the form", async () => {
    const { user } = renderEdit(detail(7, { _id: ID, price: 500 }), {
      [`PUT /api/products/${ID}`]: [400, { message: 'Discount price must be below the price', code: 'VALIDATION' }],
    });
    await waitFor(() => expect(input('Name').value).toBe('Gift 7'));
    await user.type(input('Discounted Price'), '600');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Discount price must be below the price'));
    expect(screen.queryByRole('heading', { level: 1, name: 'Edit Product' })).not.toBeNull();
    expect((screen.getByRole('button', { name: 'Update' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("uploads a top image and product images, says the server's message, and deletes one", async () => {
    let n = 0;
    const { user, fetchMock } = renderEdit(detail(7, { _id: ID, image: '' }), {
      'POST /api/upload': (init) => {
        expect(init.body).toBeInstanceOf(FormData);
        expect((init.body as FormData).get('image')).toBeInstanceOf(File);
        expect(init.credentials).toBe('include');
        n += 1;
        return [201, { message: 'Image uploaded', image: `/uploads/products/${uuid(n)}.png` }];
      },
      [`DELETE /api/upload/${uuid(2)}.png`]: [200, { message: 'Image deleted' }],
    });
    await waitFor(() => expect(input('Name').value).toBe('Gift 7'));
    const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

    await user.upload(input('Upload top image'), png('top.png'));
    await waitFor(() => expect(input('Top Image').value).toBe(`/uploads/products/${uuid(1)}.png`));
    expect(toast.success).toHaveBeenCalledWith('Image uploaded');

    await user.upload(input('Upload product images'), [png('a.png'), png('b.png')]);
    await waitFor(() =>
      expect(input('Product Images').value).toBe(`/uploads/products/${uuid(2)}.png, /uploads/products/${uuid(3)}.png`),
    );
    await user.click(screen.getByRole('button', { name: 'Delete image 1' }));
    expect(input('Product Images').value).toBe(`/uploads/products/${uuid(3)}.png`);
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url, init]) => init?.method === 'DELETE' && url.includes(uuid(2)))).toBe(true),
    );
  });

  it("says an upload's refusal (too big, not a picture)", async () => {
    const { user } = renderEdit(detail(7, { _id: ID, image: '' }), {
      'POST /api/upload': [415, { message: 'Only JPEG, PNG, WebP or AVIF pictures', code: 'UNSUPPORTED_MEDIA_TYPE' }],
    });
    await waitFor(() => expect(input('Name').value).toBe('Gift 7'));
    await user.upload(input('Upload top image'), new File(['x'], 'x.png', { type: 'image/png' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Only JPEG, PNG, WebP or AVIF pictures'));
    expect(input('Top Image').value).toBe('');
  });
});

describe('a save refused because someone saved the product meanwhile', () => {
  const opened = detail(7, { _id: ID, name: 'Red Roses', price: 999, description: 'Twelve red roses.', tags: [] });
  const now: AdminProduct = { ...opened, price: 1099, tags: ['valentine'], version: 2 };
  const stale = [
    409,
    { message: 'This product changed since you opened it', code: 'CONFLICT', details: { current: now } },
  ];

  /** Opens the form, lets the admin change the price and description, and saves into the 409. */
  async function saveIntoConflict() {
    let puts = 0;
    const rendered = renderEdit(opened, {
      [`PUT /api/products/${ID}`]: () => ((puts += 1) === 1 ? (stale as [number, unknown]) : [200, now]),
    });
    const { user } = rendered;
    await waitFor(() => expect(input('Name').value).toBe('Red Roses'));
    await user.clear(input('Price'));
    await user.type(input('Price'), '949');
    await user.clear(input('Description'));
    await user.type(input('Description'), 'Twelve long-stemmed roses.');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    const review = await screen.findByRole('region', { name: 'This product changed since you opened it' });
    return { ...rendered, review };
  }

  it('shows each field as it was when opened, as it is now and as the admin has it, and saves nothing meanwhile', async () => {
    const { review } = await saveIntoConflict();
    expect(document.activeElement).toBe(within(review).getByRole('heading'));
    expect(conflictRowsOf(review)).toEqual([
      ['Description', 'Twelve red roses.', 'Twelve red roses.', 'Twelve long-stemmed roses.'],
      ['Price', '999', '1099', '949'],
      ['Tags', '—', 'valentine', 'not changed'],
    ]);
    expect((screen.getByRole('button', { name: 'Update' }) as HTMLButtonElement).disabled).toBe(true);
    expect(toast.success).not.toHaveBeenCalled();
    expect(screen.queryByRole('status', { name: 'where' })).toBeNull();
  });

  it("re-applies the admin's changes on top of the product as it is now, and saves them with its version", async () => {
    const { user, review, fetchMock } = await saveIntoConflict();
    await user.click(within(review).getByRole('button', { name: 'Re-apply my changes' }));
    expect(screen.queryByRole('region', { name: 'This product changed since you opened it' })).toBeNull();
    expect(screen.getByRole('status', { name: '' }).textContent).toContain(
      'Your changes are on the product as it is now',
    );
    expect(input('Price').value).toBe('949');
    expect(input('Description').value).toBe('Twelve long-stemmed roses.');
    expect(screen.queryByRole('button', { name: 'Remove tag valentine' })).not.toBeNull();

    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Product updated'));
    const [first, second] = sentBodies(fetchMock, `PUT /api/products/${ID}`) as Record<string, unknown>[];
    expect(first).toMatchObject({ version: 1, price: 949, tags: [] });
    expect(second).toMatchObject({
      version: 2,
      price: 949,
      description: 'Twelve long-stemmed roses.',
      tags: ['valentine'],
    });
    await waitFor(() => expect(where()).toBe('/admin/productlist'));
  });

  it("discards the admin's changes for the product as it is now", async () => {
    const { user, review, fetchMock } = await saveIntoConflict();
    await user.click(within(review).getByRole('button', { name: 'Discard my changes' }));
    expect(input('Price').value).toBe('1099');
    expect(input('Description').value).toBe('Twelve red roses.');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Product updated'));
    expect(sentBodies(fetchMock, `PUT /api/products/${ID}`)[1]).toMatchObject({ version: 2, price: 1099 });
  });
});

describe('the stock beside the form', () => {
  const cake = detail(7, {
    _id: ID,
    name: 'Truffle Cake',
    countInStock: 0,
    variants: [
      { _id: uuid(71), name: 'Half Kg', price: 650, discountPrice: 0, countInStock: 5, image: '' },
      { _id: uuid(72), name: '1 Kg', price: 1150, discountPrice: 0, countInStock: 4, image: '' },
    ],
  });
  const row = (over: Partial<StockAdjustment>): StockAdjustment => ({
    _id: '1',
    at: '2026-11-20T06:30:00.000Z',
    actor: { _id: admin._id, email: 'admin@example.com' },
    size: { _id: uuid(72), name: '1 Kg' },
    reason: 'received',
    note: '',
    change: 4,
    before: 0,
    after: 4,
    ...over,
  });

  it('shows each size’s stock and the ledger, newest first, and never sends stock with the form', async () => {
    const { user, fetchMock } = renderEdit(cake, {
      [LEDGER]: [
        200,
        ledgerPage([
          row({ _id: '2', reason: 'damaged', change: -1, before: 5, after: 4, note: 'Dropped' }),
          row({ reason: 'initial', change: 5, before: 0, after: 5 }),
        ]),
      ],
      [`PUT /api/products/${ID}`]: [200, cake],
    });
    const stock = await screen.findByRole('region', { name: 'Stock' });
    expect(within(stock.querySelector('dl')!).getByText('1 Kg').nextSibling?.textContent).toBe('4');
    const ledger = await within(stock).findByRole('region', { name: 'Stock ledger' });
    expect(
      within(ledger)
        .getAllByRole('row')
        .slice(1)
        .map((r) =>
          within(r)
            .getAllByRole('cell')
            .slice(2)
            .map((c) => c.textContent),
        ),
    ).toEqual([
      ['1 Kg', '−1', '5 → to 4', 'DamagedDropped'],
      ['1 Kg', '5', '0 → to 5', 'Initial stock'],
    ]);
    // The variants show no stock to edit: only a new one asks for its stock to start with.
    expect(
      within(screen.getByRole('group', { name: 'Variant 1' })).queryByLabelText('Variant count in stock'),
    ).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Product updated'));
    const [body] = sentBodies(fetchMock, `PUT /api/products/${ID}`) as Record<string, unknown>[];
    expect(body).not.toHaveProperty('countInStock');
    expect(body!.variants).toEqual([
      { _id: uuid(71), name: 'Half Kg', price: 650, image: '' },
      { _id: uuid(72), name: '1 Kg', price: 1150, image: '' },
    ]);
  });

  it('adjusts one size by a change with its reason, refusing a change that does not fit the reason', async () => {
    const { user, fetchMock, invalidate } = renderEdit(cake, {
      [`POST /api/products/${ID}/stock-adjustments`]: [
        201,
        {
          adjustment: row({ reason: 'damaged', change: -2, before: 4, after: 2, note: 'Dropped in the van' }),
          countInStock: 0,
          variants: [],
        },
      ],
    });
    const form = await screen.findByRole('form', { name: 'Adjust stock' });
    await user.selectOptions(within(form).getByLabelText('Of'), '1 Kg');
    await user.type(within(form).getByLabelText('Change'), '2');
    await user.selectOptions(within(form).getByLabelText('Reason'), 'Damaged');
    await user.click(within(form).getByRole('button', { name: 'Adjust stock' }));
    expect(within(form).getByText('Damaged stock goes out: the change must be below 0')).not.toBeNull();
    expect(sentBodies(fetchMock, `POST /api/products/${ID}/stock-adjustments`)).toEqual([]);

    await user.clear(within(form).getByLabelText('Change'));
    await user.type(within(form).getByLabelText('Change'), '-2');
    await user.type(within(form).getByLabelText(/Note/), 'Dropped in the van');
    await user.click(within(form).getByRole('button', { name: 'Adjust stock' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Stock of Truffle Cake (1 Kg): 4 → 2'));
    expect(sentBodies(fetchMock, `POST /api/products/${ID}/stock-adjustments`)).toEqual([
      { sizeId: uuid(72), change: -2, reason: 'damaged', note: 'Dropped in the van' },
    ]);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['Product'] });
    expect((within(form).getByLabelText('Change') as HTMLInputElement).value).toBe('');
  });

  it('says why stock cannot go below nothing, at the change', async () => {
    const message = 'Only 4 in stock: cannot take away 9';
    const { user } = renderEdit(cake, {
      [`POST /api/products/${ID}/stock-adjustments`]: [
        409,
        { message, code: 'CONFLICT', details: [{ field: 'change', message }] },
      ],
    });
    const form = await screen.findByRole('form', { name: 'Adjust stock' });
    await user.type(within(form).getByLabelText('Change'), '-9');
    await user.selectOptions(within(form).getByLabelText('Reason'), 'Count correction');
    await user.click(within(form).getByRole('button', { name: 'Adjust stock' }));
    await waitFor(() => expect(within(form).queryByText(message)).not.toBeNull());
    expect(within(form).getByLabelText('Change').getAttribute('aria-invalid')).toBe('true');
  });
});
