import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The SPA build. No dev-server proxy here: locally the local cloud passes its own proxy for
 * /config.json, /api and /pictures inline to Vite's createServer; on AWS, CloudFront serves all three.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Production CSP is `script-src 'self'`: index.html must reference script files only. Vite
    // emits the entry as <script type="module" src> and its preload helper inside the entry chunk;
    // the modulepreload polyfill is not needed by the evergreen browsers we support.
    modulePreload: { polyfill: false },
    sourcemap: true,
    target: 'es2022',
  },
});
