import { useEffect, useState } from 'react';

interface ProductPreview {
  _id: string;
  name: string;
  price: number;
  discountPrice: number;
  optimizedImages: { thumbnail: string };
}

/**
 * The storefront is built in its own issue; until then this page proves the whole chain (built web
 * app, served by the API server, reading the real catalogue) works end to end.
 */
export function App() {
  const [products, setProducts] = useState<ProductPreview[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    fetch('/api/products?pageLimit=8', { credentials: 'include' })
      .then(async (res) => {
        const body = await res.json();
        if (!res.ok) throw new Error(body.message ?? res.statusText);
        setProducts(body.products);
      })
      .catch((err: unknown) => setError(err instanceof Error ? err.message : String(err)));
  }, []);

  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 960, margin: '0 auto', padding: 24 }}>
      <p style={{ background: '#000', color: '#fff', textAlign: 'center', padding: 8, margin: 0 }}>
        FREE SHIPPING ON ORDERS OVER ₹1000
      </p>
      <h1>Phoolwala Gifts</h1>
      <p>Flowers, cakes, chocolates and combos delivered across India. Our storefront is on its way.</p>
      {error && <p role="alert">Could not load products: {error}</p>}
      {!products && !error && <p>Loading products…</p>}
      {products && (
        <ul
          aria-label="Products"
          style={{
            listStyle: 'none',
            padding: 0,
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
            gap: 16,
          }}
        >
          {products.map((p) => (
            <li key={p._id}>
              <img src={p.optimizedImages.thumbnail} alt={p.name} width={200} height={200} loading="lazy" />
              <div>{p.name}</div>
              <div>
                {p.discountPrice > 0 && <s>₹{p.price.toLocaleString('en-IN')}</s>} ₹
                {(p.discountPrice > 0 ? p.discountPrice : p.price).toLocaleString('en-IN')}
              </div>
            </li>
          ))}
        </ul>
      )}
      <p>
        API documentation: <a href="/api/docs">/api/docs</a>
      </p>
    </main>
  );
}
