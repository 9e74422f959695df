import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT } from '../../lib/build-app.ts';
import { StageError } from '../../lib/stage.ts';
import { PROD_EXAMPLE_CONTEXT_FILE, synthExample } from './example-synth.ts';

/**
 * `npm run synth:prod`: the prod stage synthesized offline into cdk.out/ with the example context of
 * config/prod.example-context.json, so an operator reads the whole prod template before a first
 * deploy. No AWS account, credentials or network. The functions are not bundled (the templates are
 * the same but for asset hashes; `-- --bundle` runs esbuild as a deploy does).
 */
const outdir = path.join(REPO_ROOT, 'cdk.out');
const started = Date.now();
try {
  fs.rmSync(outdir, { recursive: true, force: true });
  const { stack, edge } = synthExample({ stage: 'prod', outdir, bundle: process.argv.includes('--bundle') });
  const templates = fs.readdirSync(outdir).filter((file) => file.endsWith('.template.json'));
  console.log(
    `Synthesized ${stack.stackName}${edge ? ` and ${edge.stackName}` : ''} with ${path.relative(REPO_ROOT, PROD_EXAMPLE_CONTEXT_FILE)} into cdk.out/ (${templates.length} templates, ${((Date.now() - started) / 1000).toFixed(1)} s): start with cdk.out/${stack.templateFile}.`,
  );
} catch (error) {
  if (!(error instanceof StageError)) throw error;
  console.error(error.message);
  process.exit(1);
}
