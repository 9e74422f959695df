import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE } from './browser.ts';

/**
 * axe-core in a page under the app's real CSP: its source is evaluated through the DevTools
 * protocol rather than added as an inline <script>, which the policy would (rightly) refuse. Every
 * e2e audit uses it: WCAG 2.0–2.2 A/AA and best practices, serious and critical findings.
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

interface Finding {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** axe's serious and critical findings on the page as it is now, one readable line each. */
export async function seriousAxeFindings(page: Page): Promise<string[]> {
  // Mantine's transitions settle before contrast is measured.
  await page.waitForTimeout(300);
  if (!(await page.evaluate('typeof window.axe !== "undefined"'))) await page.evaluate(AXE_SOURCE);
  const violations = (await page.evaluate(
    `axe.run(document, { runOnly: { type: 'tag', values: ${JSON.stringify(AXE_TAGS)} } }).then((r) => r.violations)`,
  )) as Finding[];
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id} (${v.help}): ${v.nodes.map((n) => `${n.target.join(' ')} [${n.failureSummary?.replace(/\s+/g, ' ')}]`).join(', ')}`);
}

/** axe's serious and critical findings at the desktop's width and then the phone's, by width ('1366 px'); the page is left at the desktop's. */
export async function seriousAxeFindingsAtBothWidths(page: Page): Promise<Record<string, string[]>> {
  const findings: Record<string, string[]> = {};
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    const found = await seriousAxeFindings(page);
    if (found.length > 0) findings[`${viewport.width} px`] = found;
  }
  await page.setViewportSize(DESKTOP);
  return findings;
}
