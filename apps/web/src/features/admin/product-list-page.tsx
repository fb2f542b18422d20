import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { LoaderCircle, Plus } from 'lucide-react';
import { toast } from 'sonner';
import { SAMPLE_PRODUCT_NAME } from '@store/domain';
import { Button } from '../../components/ui/button.js';
import { errorMessage } from '../../lib/api.js';
import { cn } from '../../lib/cn.js';
import { queryKeys } from '../../lib/query-client.js';
import { usePageTitle } from '../../lib/page-title.js';
import { createProduct, deleteProduct, useAdminProducts, type AdminProductRow } from './admin-api.js';
import { AdminPage, AdminTable, cellClasses, EmptyNote, inr, Loading, ShortId, Th } from './admin-page.js';
import { RowActions } from './row-actions.js';
import { LoadError } from '../../components/ui/load-error.js';
import { SearchBox } from './list-controls.js';

/** A whole page number from the URL; anything else is page 1. */
function pageOf(param: string | undefined): number {
  const n = Number(param);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/** The name search as a query string, kept on every page link. */
const searchOf = (q: string) => (q ? `?q=${encodeURIComponent(q)}` : '');

/**
 * /admin/productlist[/:pageNumber][?q=]: every product, 100 a page, newest first, drafts included;
 * `q` finds products by part of their name.
 */
export function ProductListPage() {
  usePageTitle('Products');
  const page = pageOf(useParams().pageNumber);
  const q = useSearchParams()[0].get('q') ?? '';
  const products = useAdminProducts(page, q);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);

  async function create() {
    if (creating || !window.confirm('Are you sure you want to create a new product?')) return;
    setCreating(true);
    try {
      const draft = await createProduct();
      void queryClient.invalidateQueries({ queryKey: queryKeys.products });
      await navigate(`/admin/product/${draft._id}/edit`);
    } catch (err) {
      toast.error(errorMessage(err));
      setCreating(false);
    }
  }

  return (
    <AdminPage
      title="Products"
      action={
        <Button onClick={create} disabled={creating}>
          {creating ? (
            <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
          ) : (
            <Plus className="size-4" aria-hidden="true" />
          )}
          Create Product
        </Button>
      }
    >
      {/* In a row, as on the other lists: the box grows along it, not 16rem down the page. */}
      <div className="flex flex-wrap items-end gap-3">
        <SearchBox
          label="Search products"
          placeholder="Product name"
          value={q}
          onSearch={(next) => void navigate(`/admin/productlist${searchOf(next)}`)}
        />
      </div>
      {products.isPending ? (
        <Loading what="products" />
      ) : products.isError ? (
        <LoadError what="the products" load={products} />
      ) : products.data.products.length === 0 ? (
        <EmptyNote>{q && page === 1 ? `No products named like '${q}'.` : 'No products on this page.'}</EmptyNote>
      ) : (
        <>
          <AdminTable
            label="Products"
            head={
              <>
                <Th>ID</Th>
                <Th>NAME</Th>
                <Th>VENDOR</Th>
                <Th>PRICE</Th>
                <Th>CATEGORY</Th>
                <Th>BRAND</Th>
                <Th hidden>Actions</Th>
              </>
            }
          >
            {products.data.products.map((p) => (
              <ProductRow key={p._id} product={p} />
            ))}
          </AdminTable>
          <Pagination page={products.data.page} pages={products.data.pages} q={q} />
        </>
      )}
    </AdminPage>
  );
}

function StatusBadge({ product }: { product: AdminProductRow }) {
  const draft = product.name === SAMPLE_PRODUCT_NAME;
  if (!draft && product.available) return null;
  return (
    <span
      className={cn(
        'rounded-full px-2 py-0.5 text-xs font-medium',
        draft ? 'bg-amber-100 text-amber-900' : 'bg-neutral-200 text-neutral-800',
      )}
    >
      {draft ? 'Draft' : 'Unavailable'}
    </span>
  );
}

function ProductRow({ product: p }: { product: AdminProductRow }) {
  return (
    <tr>
      <td className={cellClasses}>
        <ShortId id={p._id} />
      </td>
      <td className={cn(cellClasses, 'min-w-48 whitespace-normal')}>
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-medium text-neutral-900">{p.name}</span>
          <StatusBadge product={p} />
        </span>
      </td>
      <td className={cellClasses}>{p.vendor.length ? p.vendor.join(', ') : 'NA'}</td>
      <td className={cn(cellClasses, 'tabular-nums')}>{inr(p.price)}</td>
      <td className={cellClasses}>{p.category || '—'}</td>
      <td className={cellClasses}>{p.brand || '—'}</td>
      <td className={cellClasses}>
        <RowActions
          name={p.name}
          editTo={`/admin/product/${p._id}/edit`}
          remove={() => deleteProduct(p._id)}
          listKey={queryKeys.products}
        />
      </td>
    </tr>
  );
}

/** Page links, only when there is more than one page. */
function Pagination({ page, pages, q }: { page: number; pages: number; q: string }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pages of products" className="flex flex-wrap gap-1.5">
      {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
        <Link
          key={n}
          to={`/admin/productlist/${n}${searchOf(q)}`}
          aria-current={n === page ? 'page' : undefined}
          className={cn(
            'grid h-10 min-w-10 place-items-center rounded-md border px-3 text-sm font-medium',
            n === page
              ? 'border-brand-600 bg-brand-600 text-white'
              : 'border-neutral-300 bg-white text-neutral-900 hover:bg-neutral-50',
          )}
        >
          <span className="sr-only">Page </span>
          {n}
        </Link>
      ))}
    </nav>
  );
}
