import './lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { registerSW } from 'virtual:pwa-register';
import { App } from './app/app';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

// The service worker of the installable, offline-tolerant till (vite.config.ts); a new release reloads the page.
registerSW({ immediate: true });

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
