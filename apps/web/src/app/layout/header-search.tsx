import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Search } from 'lucide-react';
import { cn } from '../../lib/cn.js';

/** Where a header search goes: the listing for the trimmed keyword, or home when nothing is left. */
export function searchPath(keyword: string): string {
  const trimmed = keyword.trim();
  return trimmed ? `/products/${encodeURIComponent(trimmed)}` : '/';
}

export function HeaderSearch({ initialKeyword = '', className }: { initialKeyword?: string; className?: string }) {
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState(initialKeyword);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void navigate(searchPath(keyword));
  }

  return (
    <form role="search" aria-label="Products" onSubmit={onSubmit} className={cn('relative', className)}>
      <input
        type="search"
        name="keyword"
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
        placeholder="Search our store.."
        aria-label="Search products"
        autoComplete="off"
        enterKeyHint="search"
        className="h-10 w-full rounded-full border border-neutral-300 bg-neutral-50 pr-12 pl-4 text-sm placeholder:text-neutral-500 focus:border-brand-600 focus:bg-white focus:outline-none [&::-webkit-search-cancel-button]:hidden"
      />
      <button
        type="submit"
        aria-label="Search"
        className="absolute top-1 right-1 grid size-8 place-items-center rounded-full bg-brand-600 text-white hover:bg-brand-700"
      >
        <Search className="size-4" aria-hidden="true" />
      </button>
    </form>
  );
}
