import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

/** Paths the service worker leaves to the network: the API, uploads and the server's own pages. */
const SERVER_PATHS = [/^\/api\//, /^\/uploads\//, /^\/socket\.io\//, /^\/healthz/, /^\/my-channels/, /^\/metrics/];

// The single-page app lives in web/ and is built into dist/web, which the server serves.
export default defineConfig({
  root: 'web',
  plugins: [
    react(),
    // Installable: a web app manifest and a service worker that keeps the app shell (the built
    // HTML, scripts, styles and icons) for fast and offline starts. It never caches API answers:
    // only precached files and page navigations are served from it.
    VitePWA({
      registerType: 'autoUpdate',
      // An external registerSW.js, so the content security policy needs no inline script.
      injectRegister: 'script',
      includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
      manifest: {
        name: 'Rupee Arcade',
        short_name: 'Rupee Arcade',
        description: 'Play Chicken Road and spin the wheel with a rupee wallet: deposit by UPI or crypto, withdraw any time, every round provably fair.',
        lang: 'en-IN',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        background_color: '#0f1021',
        theme_color: '#0f1021',
        categories: ['games', 'entertainment'],
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: SERVER_PATHS,
        cleanupOutdatedCaches: true,
        runtimeCaching: [],
      },
    }),
  ],
  build: { outDir: '../dist/web', emptyOutDir: true, sourcemap: true },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/uploads': 'http://localhost:3000',
      '/my-channels': 'http://localhost:3000',
      '/healthz': 'http://localhost:3000',
      '/socket.io': { target: 'http://localhost:3000', ws: true },
    },
  },
});
