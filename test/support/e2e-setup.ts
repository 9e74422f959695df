import { localCloudGlobalSetup } from './local-cloud-setup.ts';

/** End-to-end tests: the whole local cloud including the SPA, a production build of it (local-cloud-process.ts). */
export default localCloudGlobalSetup({ web: true });
