import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompressAssets } from './scripts/vite-precompress';
import { routePreloads } from './scripts/vite-route-preloads';

const apiTarget = process.env.KAKSHA_API_URL || 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [
    react(),
    precompressAssets(),
    routePreloads(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'icons/*.png'],
      manifest: {
        name: 'Kaksha School Management',
        short_name: 'Kaksha',
        description: 'Offline-first school management: attendance, homework, fees and more.',
        theme_color: '#1d4ed8',
        background_color: '#ffffff',
        display: 'standalone',
        // src/app/AppStart.tsx: a signed-in user opens in their area, anyone else at sign-in.
        start_url: '/app',
        scope: '/',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest}'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//],
        cleanupOutdatedCaches: true,
        // The first visit's worker controls the page at once (nothing older to wait for), so a
        // teacher who opened the app once can reload it offline. Updates still wait for "Reload".
        clientsClaim: true,
      },
    }),
  ],
  server: {
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    target: 'es2022',
  },
});
