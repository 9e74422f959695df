import { localCloudGlobalSetup } from './local-cloud-setup.ts';

/** End-to-end tests: the whole local cloud including the SPA on Vite's dev server. */
export default localCloudGlobalSetup({ web: true });
