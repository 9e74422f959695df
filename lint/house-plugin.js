import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { dataAreaRefusal } from './data-areas.js';
import { keyLiterals } from './key-literals.js';
import { pagePaths, webAreaRefusal } from './web-areas.js';

/**
 * The house's own ESLint rules: the layers (docs/testing.md, "Conventions that are checks") and
 * import cycles. Both resolve an import to a file of this repository: a relative path, or a
 * package.json subpath import (`#contracts/…`, `#data/…`).
 */

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SUBPATH_IMPORTS = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).imports;
const EXTENSIONS = ['', '.ts', '.tsx', '.js', '/index.ts', '/index.tsx'];

/** The repository file an import names (relative to ROOT, with '/'), or null for a package. */
function resolveImport(fromFile, specifier) {
  let base = null;
  if (specifier.startsWith('.')) base = resolve(dirname(fromFile), specifier);
  else if (specifier.startsWith('#')) {
    for (const [pattern, target] of Object.entries(SUBPATH_IMPORTS)) {
      const prefix = pattern.replace('*', '');
      if (specifier.startsWith(prefix)) base = resolve(ROOT, target.replace('*', specifier.slice(prefix.length)).replace(/\.ts\.ts$/, '.ts'));
    }
  }
  if (base === null) return null;
  for (const extension of EXTENSIONS) {
    if (existsSync(base + extension) && statSync(base + extension).isFile()) return toRepoPath(base + extension);
  }
  return toRepoPath(base);
}

function toRepoPath(file) {
  return relative(ROOT, file).split(sep).join('/');
}

/** Every import of a file, type-only ones included (they close cycles too), as repository paths. */
const importsCache = new Map();
function importsOf(repoPath) {
  if (importsCache.has(repoPath)) return importsCache.get(repoPath);
  const file = join(ROOT, repoPath);
  const found = [];
  if (/\.(ts|tsx|js)$/.test(repoPath) && existsSync(file)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      const target = resolveImport(file, fileName);
      if (target) found.push(target);
    }
  }
  importsCache.set(repoPath, found);
  return found;
}

/** Whether `start` leads back to `target` through imports, and the path it takes. */
function pathBack(start, target) {
  const seen = new Set();
  const stack = [[start, [start]]];
  while (stack.length > 0) {
    const [file, path] = stack.pop();
    if (file === target) return path;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const next of importsOf(file)) stack.push([next, [...path, next]]);
  }
  return null;
}

/** Calls `check(node, specifier)` for every import, export-from and dynamic import with a literal. */
function eachImport(check) {
  const withSource = (node) => {
    if (node.source && typeof node.source.value === 'string') check(node.source, node.source.value);
  };
  return {
    ImportDeclaration: withSource,
    ExportNamedDeclaration: withSource,
    ExportAllDeclaration: withSource,
    ImportExpression: withSource,
  };
}

const AWS_SDK = /^@aws-sdk\//;
const SERVER_LAYERS_ABOVE_DOMAIN = /^lambdas\/(data|http|presenters|workflows|handlers|live|jobs|triggers|streams)\//;
const ENTRY_POINTS = /^lambdas\/(handlers|live|jobs|triggers|streams)\//;

/**
 * What each layer may not import. From the bottom: contracts (shared with the web) and domain no
 * AWS SDK and nothing above them (contracts not domain either); data (the only code that talks to
 * AWS) nothing above it; http (the callables' pipeline) nothing of presenters, workflows or entry
 * points; presenters (answers shared by several areas) only data and below; workflows (code that
 * coordinates several data modules, lambdas/workflows) nothing of entry points and no AWS SDK.
 * The entry points sit on top: handlers (one folder per area, which imports no other area's
 * folder and nothing of jobs: what two areas or a handler and a job share is a workflow or a
 * presenter), the live socket's routes, jobs, triggers and streams (the table stream's consumers).
 * Inside data, a module imports only the plumbing and its own entity area (lint/data-areas.js).
 * Handlers and live routes import no AWS SDK. The web imports nothing of lambdas but contracts; a
 * web feature another only through its entry (lint/web-areas.js).
 */
function refusal(file, specifier, target, dynamic) {
  if (/^lambdas\/(contracts|domain)\//.test(file)) {
    if (AWS_SDK.test(specifier)) return 'contracts and domain import no AWS SDK (data talks to AWS)';
    if (target && SERVER_LAYERS_ABOVE_DOMAIN.test(target))
      return `${file.split('/')[1]} imports nothing of data, http, presenters, workflows, handlers, live, jobs, triggers or streams`;
    if (file.startsWith('lambdas/contracts/') && target?.startsWith('lambdas/domain/')) return 'contracts (shared with the web) import nothing of domain';
  }
  if (/^lambdas\/(handlers|live)\//.test(file) && AWS_SDK.test(specifier)) return 'handlers import no AWS SDK: put the call in lambdas/data';
  if (/^lambdas\/(presenters|workflows)\//.test(file) && AWS_SDK.test(specifier))
    return `${file.split('/')[1]} import no AWS SDK: put the call in lambdas/data`;
  // npm run migrate's backfills sit beside handlers: the table through lambdas/data/migrations/migrations-store.ts only.
  if (file.startsWith('lambdas/migrations/') && AWS_SDK.test(specifier)) return 'migrations import no AWS SDK: put the table access in lambdas/data';
  if (/^lambdas\/(contracts|domain|data|http|presenters|workflows)\//.test(file) && target?.startsWith('lambdas/migrations/'))
    return 'nothing below the migrations imports them';
  if (file.startsWith('lambdas/data/') && target && /^lambdas\/(http|presenters|workflows|handlers|live|jobs|triggers|streams)\//.test(target))
    return 'data imports nothing of http, presenters, workflows, handlers, live, jobs, triggers or streams';
  const dataArea = dataAreaRefusal(file, target);
  if (dataArea) return dataArea;
  if (file.startsWith('lambdas/http/') && target && /^lambdas\/(presenters|workflows|handlers|live|jobs|triggers|streams)\//.test(target))
    return 'http imports nothing of presenters, workflows, handlers, live, jobs, triggers or streams';
  if (file.startsWith('lambdas/presenters/') && target && /^lambdas\/(http|workflows)\//.test(target)) return 'presenters import only data and below';
  if (/^lambdas\/(presenters|workflows)\//.test(file) && target && ENTRY_POINTS.test(target))
    return `${file.split('/')[1]} import nothing of handlers, live, jobs, triggers or streams`;
  const area = /^lambdas\/handlers\/([^/]+)\//.exec(file)?.[1];
  if (area && target?.startsWith('lambdas/jobs/')) return 'handlers import nothing of jobs: share the run through lambdas/workflows';
  const targetArea = target && /^lambdas\/handlers\/([^/]+)\//.exec(target)?.[1];
  // An area's handler-rows.ts is registry data (CDK and the local cloud read it; no Lambda bundles
  // it), so the moderation rows may reuse the removal area's grants.
  const registryRows = file.endsWith('/handler-rows.ts') && target?.endsWith('/handler-rows.ts');
  if (area && targetArea && area !== targetArea && !registryRows)
    return `a handler imports no other handler area (${area} → ${targetArea}): share through lambdas/workflows or lambdas/presenters`;
  if (file.startsWith('web/') && target?.startsWith('lambdas/') && !target.startsWith('lambdas/contracts/'))
    return 'the web imports nothing of lambdas but contracts';
  return webAreaRefusal(file, target, dynamic);
}

const layers = {
  meta: {
    type: 'problem',
    schema: [],
    docs: { description: 'Imports follow the layers: contracts → domain → data → http → presenters → workflows → handlers; web → contracts; features apart.' },
  },
  create(context) {
    const file = toRepoPath(context.filename);
    return eachImport((node, specifier) => {
      const reason = refusal(file, specifier, resolveImport(context.filename, specifier), node.parent?.type === 'ImportExpression');
      if (reason) context.report({ node, message: `Import of '${specifier}' crosses a boundary: ${reason}.` });
    });
  },
};

const noCycle = {
  meta: { type: 'problem', schema: [], docs: { description: 'No import cycles, type-only imports included.' } },
  create(context) {
    const file = toRepoPath(context.filename);
    return eachImport((node, specifier) => {
      const target = resolveImport(context.filename, specifier);
      if (!target || target === file) return;
      const path = pathBack(target, file);
      if (path) context.report({ node, message: `Import cycle: ${[file, ...path].join(' → ')}.` });
    });
  },
};

/** The one module of lambdas/ that reads the environment (it scopes the reads per function locally). */
export const ENV_READER = 'lambdas/data/table/function-env.ts';

const envReader = {
  meta: { type: 'problem', schema: [], docs: { description: `In lambdas/, only ${ENV_READER} reads process.env.` } },
  create(context) {
    if (toRepoPath(context.filename) === ENV_READER) return {};
    return {
      MemberExpression(node) {
        if (node.object.type === 'Identifier' && node.object.name === 'process' && !node.computed && node.property.name === 'env') {
          context.report({ node, message: `A function reads its environment through functionEnv() of #data/table (${ENV_READER}), never process.env.` });
        }
      },
    };
  },
};

export const housePlugin = { rules: { layers, 'no-cycle': noCycle, 'page-paths': pagePaths, 'env-reader': envReader, 'key-literals': keyLiterals } };
