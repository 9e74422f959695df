import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProviders } from './app/providers.tsx';
import { createRouter } from './app/router.tsx';

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
