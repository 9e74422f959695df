import { StrictMode } from 'react';
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

// The runtime config (/config.json) and Amplify load on first need; see lib/config.ts.
createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={createRouter()} />
    </AppProviders>
  </StrictMode>,
);
