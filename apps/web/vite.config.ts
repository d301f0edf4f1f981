import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** Paths the server answers; `vite dev` forwards them so the app runs against a local server. */
const serverPaths = ['/app', '/open', '/match', '/trade', '/game', '/healthz', '/docs'];
const serverOrigin = 'http://127.0.0.1:8080';

/**
 * SPEC §7: the app configuration file's path is set at build time (apps/web/README.md), by
 * default the `app-config.json` shipped from public/. The site reads it before its first render.
 */
const appConfigPath = process.env.VITE_APP_CONFIG_PATH || 'app-config.json';

/**
 * The member page asks for its configuration file while its scripts load, rather than after:
 * the first render waits for the file, and this way the wait costs nothing.
 */
function preloadAppConfig(): Plugin {
  return {
    name: 'preload-app-config',
    transformIndexHtml(html, context) {
      if (!context.path.endsWith('/index.html')) return html;
      return [
        {
          tag: 'link',
          attrs: { rel: 'preload', href: appConfigPath, as: 'fetch', crossorigin: 'anonymous' },
          injectTo: 'head',
        },
      ];
    },
  };
}

export default defineConfig({
  // Relative asset URLs, so the built app works from any folder the server mounts it at.
  base: './',
  plugins: [react(), preloadAppConfig()],
  define: {
    'import.meta.env.VITE_APP_CONFIG_PATH': JSON.stringify(appConfigPath),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      // Two pages: the member site and the operators' console, each with its own bundle, so
      // no console code ships to members.
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        console: fileURLToPath(new URL('./console.html', import.meta.url)),
      },
      output: {
        // Libraries change less often than the app, so they get chunks a browser can keep cached.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
            },
            // zod with the switch that keeps it from compiling parsers (lib/zod-jitless.ts): in
            // one chunk, the switch runs before any module that imports zod can parse. Left to
            // the bundler, it landed in a chunk that imports others which parse as they load.
            {
              name: 'zod',
              test: /node_modules[\\/]zod[\\/]|[\\/]src[\\/]lib[\\/]zod-jitless\.ts$/,
            },
            // Each language's texts in one chunk, loaded before the first render for the page's
            // language and on a switch for another (lib/i18n/resources.ts).
            {
              name: (moduleId: string) => {
                const language = /i18n\.(en|zh|zht)\.ts$/.exec(moduleId)?.[1];
                return language ? `texts-${language}` : null;
              },
              test: /i18n\.(en|zh|zht)\.ts$/,
            },
            // Loaded on first use (lib/socket-io.ts), after the first page.
            {
              name: 'socket-io',
              test: /node_modules[\\/](socket\.io-client|socket\.io-parser|engine\.io-client|engine\.io-parser|@socket\.io[\\/]component-emitter|xmlhttprequest-ssl)[\\/]/,
            },
            // Loaded once an amount is on screen (components/count-up-amount.tsx).
            { name: 'countup', test: /node_modules[\\/]countup\.js[\\/]/ },
            // Loaded only by pages without WebCrypto (packages/domain/src/seal-fallback.ts).
            { name: 'noble', test: /node_modules[\\/]@noble[\\/]/ },
            { name: 'vendor', test: /node_modules[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(
      serverPaths.map((path) => [path, { target: serverOrigin, changeOrigin: true, ws: true }]),
    ),
  },
});
