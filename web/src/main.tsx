import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProviders } from './app/providers.tsx';
import { createRouter } from './app/router.tsx';

// Production CSP is `script-src 'self'` (no eval). Zod probes `new Function` before falling back,
// which a strict CSP reports as a violation; jitless skips the probe. z.config({ jitless: true })
// would need zod loaded up front, so set the global zod reads when it loads (lazily, later).
(globalThis as { __zod_globalConfig?: object }).__zod_globalConfig = { jitless: true };

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks #root');

const router = createRouter();
const app = (
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>
);

// At `/` the landing page arrives prerendered (web/scripts/build-web.ts). Rendering before the
// route's lazy module is in would first swap that page for a loader, so wait for the router: the
// first render is then the same screen, drawn over the prerendered one. (A callback, not a
// top-level await, which would make Vite split the entry into many more chunks.)
// The runtime config (/config.json) and Amplify load on first need; see lib/config.ts.
// A transition, so React renders in slices of a few milliseconds instead of one long task: the
// screen is already painted (prerendered) or a loader, and input stays responsive meanwhile.
const render = () => startTransition(() => createRoot(container).render(app));
if (container.hasChildNodes() && !router.state.initialized) {
  const stop = router.subscribe((state) => {
    if (!state.initialized) return;
    stop();
    render();
  });
} else {
  render();
}
