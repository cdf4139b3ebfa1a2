import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

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
  plugins: [react(), tailwindcss()],
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
        // Long-lived vendor chunks: app releases do not invalidate the browser's copy of React.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            // html5-qrcode, Stripe and recharts (with its d3/redux dependencies) stay out: the POS
            // scanner, the Stripe card dialog and the platform chart screens import() them on
            // first use, in chunks of their own (the Demo provider never loads Stripe); so does the
            // join page's ALTCHA widget (features/join/lib/load-altcha.ts).
            {
              name: 'vendor',
              test: /node_modules[\\/](?!html5-qrcode[\\/]|altcha[\\/]|@stripe[\\/]|recharts[\\/]|d3-[^\\/]+[\\/]|victory-vendor[\\/]|internmap[\\/]|decimal\.js-light[\\/]|@reduxjs[\\/]|redux[\\/]|react-redux[\\/]|immer[\\/]|reselect[\\/]|es-toolkit[\\/])/,
            },
          ],
        },
      },
    },
  },
});
