import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The SPA build. No dev-server proxy here: locally the local cloud passes its own proxy for
 * /config.json and /api inline to Vite's createServer; on AWS, CloudFront serves both.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Production CSP is `script-src 'self'`: every script must be a file, never inline.
    assetsInlineLimit: (file) => (file.endsWith('.js') ? false : undefined),
    // Both preload helpers are emitted into the entry chunk (no inline script); the polyfill is
    // dead weight on the evergreen browsers we support.
    modulePreload: { polyfill: false },
    sourcemap: true,
    target: 'es2022',
  },
});
