import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { AppProviders } from './app/providers.tsx';
import { routes } from './app/router.tsx';

/**
 * The landing page's HTML as a signed-out visitor first sees it, rendered at build time
 * (web/scripts/build-web.ts) into the index.html served at `/`: the page paints from HTML and CSS
 * alone, before the JavaScript arrives, which then renders the same screen over it (main.tsx).
 * `hydrate={false}`: no inline script with the router state (the CSP allows none, and the client
 * router starts from the URL anyway).
 */
export async function renderLanding(): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request('https://anchored.invalid/'));
  if (context instanceof Response) throw new Error(`The landing route answered a ${context.status} response instead of a page`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <AppProviders>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProviders>,
  );
}
