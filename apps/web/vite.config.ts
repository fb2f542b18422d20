import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { conditions: ['source'] },
  server: {
    // API_PROXY_TARGET lets several dev servers each talk to their own API.
    proxy: Object.fromEntries(
      ['/api', '/uploads', '/sitemap.xml', '/robots.txt'].map((p) => [
        p,
        process.env.API_PROXY_TARGET ?? 'http://localhost:3000',
      ]),
    ),
  },
  // The manifest lets bench/bundle-size.ts measure what each page downloads.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically goes in the entry's own file: every page needs
          // it, and Rolldown otherwise splits out what lazy pages share with it (React, TanStack
          // Query) into small extra files every first page must fetch.
          groups: [{ name: 'index', tags: ['$initial'] }],
        },
      },
    },
  },
});
