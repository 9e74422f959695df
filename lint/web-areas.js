import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The web app's two house rules.
 *
 * One folder per area: a feature (web/src/features/<area>) owns its screens, components, hooks and
 * query keys, and others import only its entry, `index.ts`, or its query keys, `keys.ts` (a leaf:
 * two features that invalidate each other's queries would otherwise close an import cycle through
 * their entries). The app (router, shell) may also load a feature's screen lazily,
 * `import('…/routes/…')`, since each screen is its own chunk. Shared UI (web/src/components) and
 * plumbing (web/src/lib) sit below the features and import none.
 *
 * One paths module: web/src/lib/paths.ts names every page; a page path written as a string
 * anywhere else in web/src is refused, so links cannot drift from the routes.
 */

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const PATHS_MODULE = 'web/src/lib/paths.ts';

const featureOf = (repoPath) => /^web\/src\/features\/([^/]+)\//.exec(repoPath)?.[1] ?? null;
const ENTRY = /^web\/src\/features\/[^/]+\/(index|keys)\.ts$/;
const ROUTE_MODULE = /^web\/src\/features\/[^/]+\/routes\//;

/** Why `file` may not import `target` (repository paths), or null. `dynamic`: an import() expression. */
export function webAreaRefusal(file, target, dynamic) {
  const targetFeature = target && featureOf(target);
  if (!file.startsWith('web/src/') || !targetFeature || featureOf(file) === targetFeature) return null;
  if (/^web\/src\/(lib|components)\//.test(file))
    return `web/src/lib and web/src/components sit below the features and import none (→ ${targetFeature}): move the module into the feature`;
  if (ENTRY.test(target)) return null;
  if (dynamic && file.startsWith('web/src/app/') && ROUTE_MODULE.test(target)) return null;
  const from = featureOf(file) ?? file;
  return `a feature is imported only through its entry (${from} → ${targetFeature}): import features/${targetFeature}/index.ts (or its keys.ts), and export there what others may use`;
}

/** The first segments of the pages web/src/lib/paths.ts names ('auth', 'dashboard', …). */
function pageSegments() {
  const source = readFileSync(join(ROOT, PATHS_MODULE), 'utf8');
  const segments = new Set();
  for (const [, path] of source.matchAll(/['`]\/([a-z][a-z0-9-]*)/g)) segments.add(path);
  return [...segments];
}

const escape = (text) => text.replace(/[-/\\^$*+?.()|[\]{}]/g, '\\$&');

/** Where a bare '/' is the home page: a link's `to`/`href`, or what navigate() goes to. */
function isNavigationTarget(node) {
  const parent = node.parent;
  if (!parent) return false;
  if (parent.type === 'JSXAttribute') return ['to', 'href'].includes(parent.name.name);
  if (parent.type === 'JSXExpressionContainer') return isNavigationTarget(parent);
  if (parent.type === 'Property' && parent.value === node) return ['to', 'href'].includes(parent.key.name ?? parent.key.value);
  if (parent.type === 'CallExpression' && parent.arguments[0] === node) {
    const callee = parent.callee.type === 'MemberExpression' ? parent.callee.property : parent.callee;
    return callee.type === 'Identifier' && ['navigate', 'redirect'].includes(callee.name);
  }
  return false;
}

export const pagePaths = {
  meta: {
    type: 'problem',
    schema: [],
    docs: { description: `Page paths come from ${PATHS_MODULE}, never a string literal elsewhere in web/src.` },
  },
  create(context) {
    const file = context.filename
      .slice(ROOT.length + 1)
      .split('\\')
      .join('/');
    if (!file.startsWith('web/src/') || file === PATHS_MODULE) return {};
    const pagePath = new RegExp(`^/(${pageSegments().map(escape).join('|')})(?=$|[/?#])`);
    const check = (node, text) => {
      const isPage = pagePath.test(text) || (text === '/' && isNavigationTarget(node));
      if (isPage) context.report({ node, message: `The page path '${text}' is written by hand: take it from ${PATHS_MODULE} (paths, profilePath, …).` });
    };
    return {
      Literal(node) {
        if (typeof node.value === 'string') check(node, node.value);
      },
      TemplateLiteral(node) {
        check(node, node.quasis[0]?.value.cooked ?? '');
      },
    };
  },
};
