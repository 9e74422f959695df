import { localCloudGlobalSetup } from './local-cloud-setup.ts';

/** Integration tests: handlers behind the local gateway, against the emulators; no SPA. */
export default localCloudGlobalSetup({ web: false });
