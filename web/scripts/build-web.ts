import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const WEB_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CONFIG_FILE = join(WEB_ROOT, 'vite.config.ts');
export const WEB_DIST = join(WEB_ROOT, 'dist');
/**
 * The server build of the prerender entry. Inside node_modules so that Node resolves its external
 * imports (react, Mantine, react-router) from the project's packages.
 */
const PRERENDER_OUT = join(WEB_ROOT, '..', 'node_modules', '.cache', 'anchored-prerender');

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

/** The CSS files a chunk needs before it renders: its own and its static imports', transitively. */
function cssOf(manifest: Record<string, ManifestChunk>, key: string, seen = new Set<string>()): string[] {
  if (seen.has(key)) return [];
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is missing from the Vite manifest`);
  return [...(chunk.css ?? []), ...(chunk.imports ?? []).flatMap((imported) => cssOf(manifest, imported, seen))];
}

/**
 * The production build of the SPA (`npm run build:web`): what CDK deploys from web/dist.
 * - spa.html: the app shell (an empty #root), served for every client-side route (CloudFront's
 *   SPA fallback, lib/web-hosting.ts).
 * - index.html: the landing page prerendered into #root, served at `/`, with the CSS it needs
 *   inlined (the entry's stylesheet and the landing route's): it paints from this one response
 *   while the JavaScript loads, instead of after a render-blocking stylesheet and the 150 KB entry.
 *   The client then renders the same screen over it (main.tsx).
 * `manifest: true` keeps Vite's manifest (dist/.vite) for the bench; otherwise it is removed.
 * `outDir` builds elsewhere than web/dist (tests).
 */
export async function buildWeb(options: { manifest?: boolean; outDir?: string } = {}): Promise<void> {
  const dist = options.outDir ?? WEB_DIST;
  await build({ configFile: CONFIG_FILE, logLevel: 'warn', build: { manifest: true, outDir: dist, emptyOutDir: true } });
  await build({
    configFile: CONFIG_FILE,
    logLevel: 'warn',
    build: { ssr: 'src/prerender-landing.tsx', outDir: PRERENDER_OUT, emptyOutDir: true, sourcemap: false, manifest: false },
  });
  try {
    const { renderLanding } = (await import(pathToFileURL(join(PRERENDER_OUT, 'prerender-landing.js')).href)) as {
      renderLanding: () => Promise<string>;
    };
    const manifestDir = join(dist, '.vite');
    const manifest = JSON.parse(readFileSync(join(manifestDir, 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
    if (!options.manifest) rmSync(manifestDir, { recursive: true, force: true });
    const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
    const landingKey = Object.keys(manifest).find((key) => key.endsWith('features/landing/routes/landing.tsx'));
    if (!entryKey || !landingKey) throw new Error('The Vite manifest lacks the entry or the landing route');
    const entryCss = new Set(cssOf(manifest, entryKey));
    const landingCss = cssOf(manifest, landingKey).filter((file) => !entryCss.has(file));

    const shell = readFileSync(join(dist, 'index.html'), 'utf8');
    const emptyRoot = '<div id="root"></div>';
    if (!shell.includes(emptyRoot)) throw new Error(`web/index.html must hold ${emptyRoot}`);
    writeFileSync(join(dist, 'spa.html'), shell);

    const inlineStyle = (file: string) => `<style>${readFileSync(join(dist, file), 'utf8')}</style>`;
    let landing = shell.replace(emptyRoot, `<div id="root">${await renderLanding()}</div>`);
    const inlined = new Set<string>();
    landing = landing.replace(/<link rel="stylesheet"[^>]*href="\/([^"]+)"[^>]*>/g, (tag, file: string) => {
      if (!entryCss.has(file)) return tag;
      inlined.add(file);
      return inlineStyle(file);
    });
    if (inlined.size !== entryCss.size) throw new Error(`index.html does not link all of ${[...entryCss].join(', ')}`);
    landing = landing.replace('</head>', () => `${landingCss.map(inlineStyle).join('')}</head>`);
    writeFileSync(join(dist, 'index.html'), landing);
  } finally {
    rmSync(PRERENDER_OUT, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await buildWeb();
