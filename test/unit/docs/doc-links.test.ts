import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const docsDir = join(root, 'docs');
const docs = readdirSync(docsDir)
  .filter((name) => name.endsWith('.md'))
  .map((name) => join(docsDir, name));
const pages = [join(root, 'README.md'), ...docs, join(root, 'lambdas/data/README.md')];

/** The page without code: links inside fenced blocks or code spans are not links. */
function prose(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
}

function linksOf(markdown: string): string[] {
  return [...prose(markdown).matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1] ?? '');
}

/** GitHub's heading anchors: lower-cased, punctuation dropped, spaces as hyphens, repeats numbered. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const withoutFences = markdown.replace(/^```[\s\S]*?^```/gm, '');
  for (const [, heading = ''] of withoutFences.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const slug = heading
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

function brokenLinks(page: string): string[] {
  const markdown = readFileSync(page, 'utf8');
  const broken: string[] = [];
  for (const link of linksOf(markdown)) {
    if (/^[a-z]+:/i.test(link)) continue;
    const [path = '', anchor] = link.split('#');
    const target = path === '' ? page : join(dirname(page), decodeURI(path));
    if (!existsSync(target)) {
      broken.push(`${link} (no such file)`);
    } else if (anchor !== undefined && target.endsWith('.md') && !anchorsOf(readFileSync(target, 'utf8')).has(anchor)) {
      broken.push(`${link} (no such heading in ${relative(root, target)})`);
    }
  }
  return broken;
}

describe('links in the README and docs/', () => {
  it.each(pages.map((page) => [relative(root, page), page]))('%s: every relative link leads to a file and heading', (_name, page) => {
    expect(brokenLinks(page)).toEqual([]);
  });

  it('the README links to every page of docs/', () => {
    const linked = new Set(linksOf(readFileSync(join(root, 'README.md'), 'utf8')).map((link) => link.split('#')[0]));
    const unlinked = docs.map((page) => relative(root, page)).filter((page) => !linked.has(page));
    expect(unlinked).toEqual([]);
  });
});
