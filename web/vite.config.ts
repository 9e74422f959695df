import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * The app's modules (all but the entries, main.tsx and the prerender's) do nothing when imported
 * but define things. A feature's entry (index.ts)
 * re-exports its parts; unless the bundler knows this, a part that only a lazy screen uses rides
 * into the entry chunk whenever the app shell imports something else from that entry. Said here,
 * in the transform hook, because that outranks a package.json `sideEffects` field.
 */
const appModulesHaveNoSideEffects: Plugin = {
  name: 'app-modules-have-no-side-effects',
  transform(code, id) {
    return /\/web\/src\/(app|features|components|lib)\/[^?]*\.tsx?$/.test(id) ? { code, map: null, moduleSideEffects: false } : null;
  },
};

/**
 * The SPA build. No dev-server proxy here: locally the local cloud passes its own proxy for
 * /config.json, /api and /pictures inline to Vite's createServer; on AWS, CloudFront serves all three.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), appModulesHaveNoSideEffects],
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
