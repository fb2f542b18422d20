import { Link } from 'react-router';
import { ChevronRight } from 'lucide-react';
import type { ProductDetail } from '@store/contracts';

type Crumb = { label: string; to?: string };

/** Home > category > first subcategory > name, each level a listing filtered that way. */
export function productCrumbs(product: Pick<ProductDetail, 'name' | 'category' | 'subCategory'>): Crumb[] {
  const crumbs: Crumb[] = [{ label: 'Home', to: '/' }];
  if (product.category) {
    crumbs.push({ label: product.category, to: `/products?${new URLSearchParams({ category: product.category })}` });
  }
  const sub = product.subCategory[0];
  if (sub) {
    const params = new URLSearchParams(product.category ? { category: product.category } : {});
    params.set('subcategory', sub);
    crumbs.push({ label: sub, to: `/products?${params}` });
  }
  crumbs.push({ label: product.name });
  return crumbs;
}

export function Breadcrumb({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-neutral-600">
      <ol className="flex flex-wrap items-center gap-1">
        {crumbs.map((c, i) => (
          <li key={`${i}-${c.label}`} className="flex min-w-0 items-center gap-1">
            {i > 0 && <ChevronRight className="h-3.5 w-3.5 shrink-0 text-neutral-400" aria-hidden="true" />}
            {c.to ? (
              <Link to={c.to} className="hover:text-brand-700 hover:underline">
                {c.label}
              </Link>
            ) : (
              <span aria-current="page" className="line-clamp-1 font-medium text-neutral-900">
                {c.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
