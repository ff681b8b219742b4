import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { parseAst } from 'rolldown/parseAst';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { signedInChunk } from './build/signed-in-chunk';

const root = fileURLToPath(new URL('.', import.meta.url));
const workspace = fileURLToPath(new URL('../..', import.meta.url));

const signedIn = signedInChunk({
  root,
  signedInRoots: [
    'src/app/shell/signed-in-layout.tsx',
    'src/features/dashboard/dashboard-page.tsx',
    'src/app/live/live-runtime.ts',
  ],
  publicRoots: [
    'src/main.tsx',
    'src/features/auth/login-page.tsx',
    'src/features/auth/request-reset-page.tsx',
    'src/features/auth/set-password-page.tsx',
    'src/features/not-found/not-found-page.tsx',
  ],
  ownChunkFolders: ['src/app/', 'src/features/'],
  parse: parseAst,
});

/**
 * zod and the module that configures it (src/app/zod-config.ts, the entry's first import) in one chunk of their
 * own, in that order: a chunk's imports run before its body, so in the entry chunk the configuration would run
 * after the shared chunks that build the contract's schemas, too late for zod, which reads it as a schema is built.
 */
const zodChunk = {
  name: (id: string): string | null =>
    /[\\/]node_modules[\\/]zod[\\/]/.test(id) || id === `${root}src/app/zod-config.ts` ? 'zod' : null,
};

export default defineConfig({
  root,
  base: '/',
  // Each asset is also written brotli- and gzip-compressed, once, at build time: fleet-sim serves the
  // compressed file a browser accepts (antd's stylesheet alone is 1 MB, 0.1 MB compressed).
  plugins: [
    react(),
    signedIn.guard,
    compression({ algorithms: ['brotliCompress', 'gzip'], exclude: [/\.map$/, /\.vite\//] }),
    VitePWA({
      // Registered by src/app/service-worker.ts once the page has loaded (not in the sign-in page's own code).
      injectRegister: false,
      registerType: 'autoUpdate',
      manifestFilename: 'manifest.webmanifest',
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon-180.png'],
      manifest: {
        name: 'Equipment Dashboard',
        short_name: 'Equipment',
        description: 'Monitor and support the field fleet of wheel-alignment equipment.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#1677ff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // Only the shell (and, added by the plugin, the manifest, its icons and includeAssets) is precached; each
        // screen's code is cached as it is first loaded (below), so a phone does not download every screen at once.
        globPatterns: ['index.html'],
        navigateFallback: null,
        runtimeCaching: [
          {
            // A page: the server's answer when it comes within 3 s, else the cached shell (a slow or absent
            // network). API calls are never cached: the console shows no data offline and says so. The sign-in
            // through an identity provider (/auth/oidc/...: a redirect to the provider, its callback, the error
            // page) is the server's own, however long it takes: the shell in its place would lose the sign-in.
            urlPattern: ({ request, url }) =>
              request.mode === 'navigate' && !url.pathname.startsWith('/auth/'),
            handler: 'NetworkFirst',
            options: {
              cacheName: 'pages',
              networkTimeoutSeconds: 3,
              precacheFallback: { fallbackURL: 'index.html' },
            },
          },
          {
            // Fingerprinted build files never change under one name: from the cache once fetched.
            urlPattern: ({ url }) => url.pathname.startsWith('/assets/'),
            handler: 'CacheFirst',
            options: {
              cacheName: 'assets',
              expiration: { maxEntries: 400, maxAgeSeconds: 60 * 60 * 24 * 30 },
            },
          },
        ],
      },
    }),
  ],
  resolve: {
    alias: [
      { find: '@equipment-dashboard/domain', replacement: `${workspace}libs/domain/src/index.ts` },
      { find: '@equipment-dashboard/contract', replacement: `${workspace}libs/contract/src/index.ts` },
      { find: '@equipment-dashboard/api-client', replacement: `${workspace}libs/api-client/src/index.ts` },
      // @ant-design/plots imports a few helpers from 'lodash', whose single CommonJS file builds all
      // of lodash when evaluated (about 25 ms of the sign-in); lodash-es is the same functions as
      // modules, so only those used are bundled.
      { find: /^lodash$/, replacement: 'lodash-es' },
    ],
  },
  build: {
    outDir: `${workspace}dist/apps/console`,
    emptyOutDir: true,
    sourcemap: true,
    // tools/bench/console-bundle.mjs reads it to tell which chunks a route loads.
    manifest: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        // The group's modules are chosen with their dependencies already (modulesUsedBy).
        codeSplitting: { includeDependenciesRecursively: false, groups: [zodChunk, signedIn.group] },
      },
      treeshake: {
        moduleSideEffects: [
          // @antv/g imports html2canvas (a seventh of the charts code, evaluated at every sign-in) for an image
          // export the console never calls; html2canvas's top level only defines things, so unused it goes.
          { test: /[\\/]node_modules[\\/]html2canvas[\\/]/, sideEffects: false },
        ],
      },
    },
  },
  server: {
    port: 4200,
    // Calls go to fleet-sim; the SPA's own routes (/reset_password, /request_password_reset) stay here.
    proxy: {
      '^/(api|auth|read|create|update|delete|cmd|reset/|request/|validate_|upload_|statistics|chat_sessions|graph|flags|socket.io|sim)':
        { target: 'http://localhost:3000', ws: true },
    },
  },
});
