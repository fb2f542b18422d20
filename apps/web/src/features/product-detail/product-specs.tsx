import type { ProductDetail } from '@store/contracts';

type SpecFields = Pick<
  ProductDetail,
  'color' | 'material' | 'closure' | 'measurements' | 'packageContent' | 'careInstructions'
>;

/** The rows of the specifications table, only those the product has (spec "Product detail"). */
export function specRows(p: SpecFields): [label: string, value: string][] {
  const rows: [string, string][] = [
    ['Colour', p.color.join(', ')],
    ['Material', p.material.join(', ')],
    ['Closure', p.closure],
    ['Measurements', p.measurements],
    ['Package Content', p.packageContent],
    ['Care Instructions', p.careInstructions],
  ];
  return rows.filter(([, value]) => value.trim() !== '');
}

export function ProductSpecs({ product }: { product: SpecFields }) {
  const rows = specRows(product);
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="specs-heading">
      <h2 id="specs-heading" className="text-lg font-semibold text-neutral-900">
        Specifications
      </h2>
      <table className="mt-3 w-full overflow-hidden rounded-lg text-sm">
        <tbody className="divide-y divide-neutral-200 border-y border-neutral-200">
          {rows.map(([label, value]) => (
            <tr key={label}>
              <th
                scope="row"
                className="w-2/5 bg-neutral-50 px-3 py-2.5 text-left align-top font-medium text-neutral-700"
              >
                {label}
              </th>
              <td className="px-3 py-2.5 text-neutral-900">{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
