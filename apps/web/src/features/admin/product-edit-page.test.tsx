import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { Route } from 'react-router';
import { toast } from 'sonner';
import type { ProductDetail } from '@store/contracts';
import { setUserInfo } from '../../stores/user-store.js';
import { admin, detail, renderRoutes, sentBodies, stubApi, summary, uuid, type Answers } from './admin-test-utils.js';
import { ProductEditPage } from './product-edit-page.js';

const ID = uuid(7);
const PATH = `/admin/product/${ID}/edit`;

function renderEdit(product: ProductDetail, more: Answers = {}) {
  const fetchMock = stubApi({ [`GET /api/products/${ID}/admin`]: [200, product], ...more });
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
    expect(screen.getByText(/^Count In Stock:/).textContent).toBe('Count In Stock: 12');
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
