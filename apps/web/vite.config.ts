import { defaultServerConditions, defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { smallChunkGroups } from './small-chunks';

const CART_MODULES =
  /[\\/]stores[\\/]cart-store\.ts$|[\\/]components[\\/]order[\\/]line-options\.tsx$|[\\/]domain[\\/]src[\\/](cart|gst|coupons|product-options)\.ts$/;

const FORM_MODULES =
  /[\\/]components[\\/]ui[\\/]field\.tsx$|[\\/]lib[\\/]format\.ts$|[\\/]domain[\\/]src[\\/]phone\.ts$/;

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
  resolve: { conditions: ['source'] },
  // The server's render of the storefront (entry-server.tsx) is self-contained: the server imports
  // it, needing nothing else installed beside it (ADR 049).
  ssr: { noExternal: true, resolve: { conditions: ['source', ...defaultServerConditions] } },
  server: {
    // API_PROXY_TARGET lets several dev servers each talk to their own API.
    proxy: Object.fromEntries(
      ['/api', '/uploads', '/sitemap.xml', '/robots.txt'].map((p) => [
        p,
        process.env.API_PROXY_TARGET ?? 'http://localhost:3000',
      ]),
    ),
  },
  // React's production build on the server whatever NODE_ENV says: the render must match the
  // browser's production build, and the development build is several times slower.
  ...(isSsrBuild ? { define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  build: isSsrBuild
    ? {
        // Inside the web build, in a dot folder the server never serves (seo.storefront.ts). Lazy
        // pages stay in files of their own, so the server loads only those it renders.
        outDir: 'dist/.server',
        emptyOutDir: true,
        copyPublicDir: false,
      }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        // The manifest lets bench/bundle-size.ts measure what each page downloads, and the server
        // find each page's modules and the script that starts a server-rendered page (boot.ts).
        manifest: true,
        rolldownOptions: {
          input: { index: 'index.html', boot: 'src/boot.ts' },
          output: {
            codeSplitting: {
              groups: [
                // Everything the entry imports statically goes in the entry's own file: every page
                // needs it, and Rolldown otherwise splits out what lazy pages share with it (React,
                // TanStack Query) into small extra files every first page must fetch. boot.ts, which
                // imports nothing, stays a file of its own.
                { name: 'index', tags: ['$initial'], test: (id) => !/[\\/]src[\\/]boot\.ts$/.test(id) },
                // The cart's store and the pricing rules that come with it (GST, coupons, options), in one file
                // rather than one per module: they are not part of the first page (cart-button.tsx), and
                // the pages that need them take them together. Their own imports (money) stay shared.
                {
                  name: 'cart',
                  test: CART_MODULES,
                  includeDependenciesRecursively: false,
                },
                // The form field and the text formatting helpers (dates, phone numbers): each under 1 KB,
                // used by overlapping sets of pages (the account forms, checkout, the admin screens)
                // whose other files they cannot join without sending those files' imports to more pages.
                { name: 'forms', test: FORM_MODULES, includeDependenciesRecursively: false },
                // The small modules shared by sets of pages, grouped into files of about 1 KB
                // minified or more (small-chunks.ts). An unneeded byte on Home counts twenty times: its
                // first page has the tightest budget (bench/README.md).
                {
                  name: smallChunkGroups({
                    entry: fileURLToPath(new URL('src/main.tsx', import.meta.url)),
                    minBytes: 1250,
                    skip: new RegExp(`${CART_MODULES.source}|${FORM_MODULES.source}`),
                    weights: { [fileURLToPath(new URL('src/features/home/home-page.tsx', import.meta.url))]: 20 },
                  }),
                  debugName: 'small modules',
                  includeDependenciesRecursively: false,
                },
              ],
            },
          },
        },
      },
}));
