import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * Vite config of the web app (apps/web). Dev server on :5173 proxies the API (`/api`) and the
 * health check (`/healthz`) to the Fastify server on :3000, so the browser sees one origin and
 * the session cookie just works. `vite build` writes apps/web/dist. `@loyalty/contract` and
 * `@loyalty/domain` are bundled from their TypeScript sources (the `@loyalty/source` export
 * condition, ADR 0011), so the web build does not wait for their dist/.
 */
export default defineConfig({
  root,
  // Each text asset also written gzip- and brotli-compressed beside itself: the server sends those (@fastify/static preCompressed).
  plugins: [react(), tailwindcss(), compression({ threshold: 1024, logLevel: 'silent' })],
  resolve: {
    alias: { '@': `${root}src` },
    conditions: ['@loyalty/source', ...defaultClientConditions],
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
      '/healthz': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
      '/healthz': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // React in a long-lived chunk of its own: app releases do not invalidate the browser's copy.
        // Every other library goes where its importers are: the pages load on demand (router.tsx),
        // so a page's first load downloads only the libraries it uses (html5-qrcode, Stripe,
        // recharts and ALTCHA only where they are used).
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ }],
        },
      },
    },
  },
});
