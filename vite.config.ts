import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompressAssets } from './scripts/vite-precompress';
import { routePreloads } from './scripts/vite-route-preloads';

const apiTarget = process.env.KAKSHA_API_URL || 'http://127.0.0.1:3000';

/**
 * Phone push is in a build only when it is configured (docs/decisions.md "Phone push on the
 * device"): otherwise the service worker's src/sw/push-worker.ts is replaced by an empty stand-in.
 */
function pushWorkerSwitch(configured: boolean): Plugin {
  const off = '\0kaksha-push-worker-off';
  return {
    name: 'kaksha-push-worker-switch',
    enforce: 'pre',
    resolveId: (source) => (!configured && source === './push-worker' ? off : null),
    load: (id) => (id === off ? 'export function startPush() {}' : null),
  };
}

export default defineConfig(({ mode }) => {
  const env = { ...loadEnv(mode, process.cwd(), 'VITE_'), ...process.env };
  const pushConfigured = Boolean(env.VITE_FIREBASE_CONFIG?.trim() && env.VITE_FIREBASE_VAPID_KEY?.trim());
  return {
    plugins: [
      react(),
      // `.po` catalogs compiled into modules at build (lingui.config.ts); a missing translation fails it.
      lingui({ failOnMissing: true, failOnCompileError: true }),
      precompressAssets(),
      routePreloads(),
      VitePWA({
        registerType: 'prompt',
        injectRegister: false,
        // One service worker of our own (src/sw/sw.ts): the app shell and, when configured, phone push.
        strategies: 'injectManifest',
        srcDir: 'src/sw',
        filename: 'sw.ts',
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
        // The worker itself (src/sw/sw.ts) answers navigations with index.html (not /api/), cleans old
        // caches and takes control at first install, so a teacher who opened the app once can reload
        // it offline; updates still wait for "Reload".
        injectManifest: {
          globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest}'],
          rollupFormat: 'iife',
          buildPlugins: { vite: [pushWorkerSwitch(pushConfigured)] },
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
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              // The contract's rules without zod that the mirror's tables and the dashboard read at start.
              {
                name: 'contract-rules',
                includeDependenciesRecursively: false,
                test: /\/contract\/(academic-year|attendance-statuses|class-label|class-names|class-order|fee-dues|payment-modes|school-day|working-days)\.ts$/,
              },
            ],
          },
        },
      },
    },
  };
});
