import type { WebConfig } from '#contracts/web-config';

let current: WebConfig | undefined;
let pending: Promise<WebConfig> | undefined;

/**
 * The runtime configuration, fetched from /config.json and zod-parsed once per page load. It is
 * runtime (not build-time) so one build serves every stage. It is loaded on first need (the first
 * session read or API call), not before the first render: a signed-out visitor's landing page
 * needs neither, and so skips this fetch, zod and Amplify altogether.
 */
export function loadConfig(): Promise<WebConfig> {
  pending ??= fetchConfig().then(
    (config) => (current = config),
    (error: unknown) => {
      pending = undefined; // a later call may retry
      throw error;
    },
  );
  return pending;
}

async function fetchConfig(): Promise<WebConfig> {
  const [{ webConfigSchema }, response] = await Promise.all([
    import('#contracts/web-config'),
    fetch('/config.json', { cache: 'no-store', headers: { accept: 'application/json' } }),
  ]);
  if (!response.ok) throw new Error(`The app configuration could not be loaded (HTTP ${response.status}).`);
  return webConfigSchema.parse(await response.json());
}

/** The configuration if it has been loaded already. */
export function loadedConfig(): WebConfig | undefined {
  return current;
}
