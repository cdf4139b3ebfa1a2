import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';

const root = fileURLToPath(new URL('.', import.meta.url));

/** The installable app and its service worker (see the config's header). */
function pwa() {
  return VitePWA({
    registerType: 'autoUpdate',
    // Registered by src/main.tsx through virtual:pwa-register (an inline script would break the CSP).
    injectRegister: false,
    // The glob below already precaches the icons.
    includeManifestIcons: false,
    manifest: {
      name: 'Loyalty Cards',
      short_name: 'Loyalty',
      description: 'Cashback cards: the till, the cards and the reports of your business.',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      background_color: '#f8fafc',
      theme_color: '#4f46e5',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml' },
      ],
    },
    workbox: {
      globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
      // The join page's proof-of-work worker: a public page that needs the network anyway.
      globIgnores: ['**/pbkdf2-*.js'],
      maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      navigateFallback: '/index.html',
      navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/(healthz|readyz|metrics)$/],
      cleanupOutdatedCaches: true,
      // The page open when the worker first installs is served by it at once (its later lazy chunks too).
      clientsClaim: true,
    },
  });
}

/**
 * Vite config of the web app (apps/web). Dev server on :5173 proxies the API (`/api`) and the
 * health check (`/healthz`) to the Fastify server on :3000, so the browser sees one origin and
 * the session cookie just works. `vite build` writes apps/web/dist. `@loyalty/contract` and
 * `@loyalty/domain` are bundled from their TypeScript sources (the `@loyalty/source` export
 * condition, ADR 0011), so the web build does not wait for their dist/.
 *
 * The app installs as a web app and its till works offline (docs/product.md 'Offline till'):
 * vite-plugin-pwa writes the manifest and a Workbox service worker (/sw.js) that precaches the
 * shell and every JS/CSS chunk (the lazily loaded pages' too, so the POS opens with no
 * connection) and answers every navigation outside /api with index.html. It caches no API
 * answer: what a signed-in screen needs offline is kept by the app itself (src/lib/offline), which
 * forgets it on sign-out. `autoUpdate`: a new release's worker takes over at once and the page
 * reloads (src/main.tsx registers it).
 */
export default defineConfig({
  root,
  // Each text asset also written gzip- and brotli-compressed beside itself: the server sends those (@fastify/static preCompressed).
  plugins: [react(), tailwindcss(), compression({ threshold: 1024, logLevel: 'silent' }), pwa()],
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
