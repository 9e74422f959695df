import type { Endpoints, Founder } from '../../local/cloud-files.ts';
import type { LocalCloudSecrets } from '../../local/cloud.ts';

/** What the integration and e2e global setups `provide` and the tests `inject`. */
declare module 'vitest' {
  export interface ProvidedContext {
    endpoints: Endpoints;
    founder: Founder;
    localCloudSecrets: LocalCloudSecrets;
  }
}
