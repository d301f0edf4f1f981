import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Paths the server answers; `vite dev` forwards them so the app runs against a local server. */
const serverPaths = ['/app', '/open', '/match', '/trade', '/game', '/healthz', '/docs'];
const serverOrigin = 'http://127.0.0.1:8080';

export default defineConfig({
  // Relative asset URLs, so the built app works from any folder the server mounts it at.
  base: './',
  plugins: [react()],
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
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            // Loaded on first use (lib/socket-io.ts), after the first page.
            {
              name: 'socket-io',
              test: /node_modules[\\/](socket\.io-client|socket\.io-parser|engine\.io-client|engine\.io-parser|@socket\.io[\\/]component-emitter|xmlhttprequest-ssl)[\\/]/,
            },
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
