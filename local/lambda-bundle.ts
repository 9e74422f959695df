import { join } from 'node:path';
import { build, type Metafile } from 'esbuild';
import { LAMBDAS_DIR, LAMBDA_ESBUILD } from '../lib/app-function.ts';

/**
 * Bundles one handler module (relative to `lambdas/`) into `outfile` with the options CDK bundles
 * every function with (lib/app-function.ts: ESM, minified, source map without sources, the
 * runtime's SDK and the Powertools layer's packages left out): what `npm run bench:web` measures and
 * the infra tests load or inspect.
 */
export async function bundleLikeLambda(entry: string, outfile: string): Promise<Metafile> {
  const result = await build({
    entryPoints: [join(LAMBDAS_DIR, entry)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: LAMBDA_ESBUILD.target,
    minify: true,
    sourcemap: true,
    sourcesContent: false,
    mainFields: [...LAMBDA_ESBUILD.mainFields],
    external: [...LAMBDA_ESBUILD.external],
    banner: { js: LAMBDA_ESBUILD.banner },
    outfile,
    metafile: true,
    logLevel: 'error',
  });
  return result.metafile;
}
