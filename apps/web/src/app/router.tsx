import { createBrowserRouter } from 'react-router';
import { RootLayout } from './layout/root-layout.js';

/**
 * Every route of the spec's route table. Pages load on demand so the first page a shopper opens
 * downloads only its own code; the signed-in and admin groups arrive with their issues.
 */
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    children: [
      ...['/', '/search/:keyword', '/page/:pageNumber', '/search/:keyword/page/:pageNumber'].map((path) => ({
        path,
        lazy: async () => ({ Component: (await import('../features/home/home-page.js')).HomePage }),
      })),
      ...['/products', '/products/:keyword', '/products/page/:pageNumber', '/products/:keyword/page/:pageNumber'].map(
        (path) => ({
          path,
          lazy: async () => ({
            Component: (await import('../features/product-listing/product-list-page.js')).ProductListPage,
          }),
        }),
      ),
      {
        path: '/product/:id',
        lazy: async () => ({
          Component: (await import('../features/product-detail/product-page.js')).ProductPage,
        }),
      },
      {
        path: '/cart',
        lazy: async () => ({ Component: (await import('../features/cart/cart-page.js')).CartPage }),
      },
      {
        path: '/terms-and-conditions',
        lazy: async () => ({ Component: (await import('../features/pages/terms-page.js')).TermsPage }),
      },
      {
        path: '*',
        lazy: async () => ({ Component: (await import('../features/pages/not-found-page.js')).NotFoundPage }),
      },
    ],
  },
]);
