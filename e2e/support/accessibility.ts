import axe from 'axe-core';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Frame, type Page } from '@playwright/test';

/**
 * axe-core run in the page as the journeys need it (decision 0130). @axe-core/playwright's
 * AxeBuilder cost about 2 processor-seconds a call: at every call it evaluates axe's 1.5 MB source
 * in the page, then opens a blank page and evaluates it there again to merge the results, and it
 * runs every rule, though the journeys only fail on serious or critical violations. Here the
 * minified source is evaluated once per document (and per frame), the rules that can only report
 * minor or moderate problems are left out, and only the violations are gathered: about a quarter
 * of the cost, the same verdict.
 */
const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

const IMPACTS = ['minor', 'moderate', 'serious', 'critical'] as const;
type Impact = (typeof IMPACTS)[number];
type CheckRef = string | { id: string };
interface AuditRule {
  id: string;
  impact?: Impact;
  any: CheckRef[];
  all: CheckRef[];
  none: CheckRef[];
}
interface Audit {
  rules: (AuditRule & { tags: string[] })[];
  /** The tags of the rules a run without `runOnly` leaves out (experimental, deprecated). */
  tagExclude: string[];
  data: { checks: Record<string, { impact?: Impact } | undefined> };
}

/**
 * The rules whose every finding is minor or moderate: a rule's finding takes the rule's impact,
 * or the highest impact of its failing checks (axe-core's aggregate). A check without a stated
 * impact counts as critical, so its rule keeps running. Also the experimental and deprecated
 * rules, which a run without a `rules` option leaves out by itself.
 */
function rulesBelowSerious(): string[] {
  const audit = (axe as unknown as { _audit: Audit })._audit;
  const rank = (impact: Impact | undefined) => IMPACTS.indexOf(impact ?? 'critical');
  const serious = rank('serious');
  const low = audit.rules
    .filter((rule) => {
      if (rule.impact) return rank(rule.impact) < serious;
      const checks = [...rule.any, ...rule.all, ...rule.none].map((check) =>
        typeof check === 'string' ? check : check.id,
      );
      return checks.every((id) => rank(audit.data.checks[id]?.impact) < serious);
    })
    .map((rule) => rule.id);
  // Naming rules in `rules` makes axe run the ones it leaves out by default: keep them out.
  const excluded = audit.rules
    .filter((rule) => rule.tags.some((tag) => audit.tagExclude.includes(tag)))
    .map((rule) => rule.id);
  // A changed axe-core whose data no longer reads this way would leave out serious rules: stop.
  for (const kept of ['color-contrast', 'image-alt', 'label', 'button-name', 'link-name']) {
    if (low.includes(kept))
      throw new Error(`axe-core's rule ${kept} read as minor: check ${import.meta.url}`);
  }
  return [...new Set([...low, ...excluded])];
}

const RUN_OPTIONS = {
  // Passes, incomplete and inapplicable rules are reported with one node each, not gathered.
  resultTypes: ['violations'],
  rules: Object.fromEntries(rulesBelowSerious().map((id) => [id, { enabled: false }])),
} satisfies axe.RunOptions;

interface AxeWindow {
  axe?: typeof axe;
  __journeyAxe?: typeof axe;
}

/** Puts axe in the frame unless the document already holds the copy put there before. */
async function injectAxe(frame: Frame, mustSucceed: boolean): Promise<void> {
  try {
    const present = await frame.evaluate(() => {
      const own = window as unknown as AxeWindow;
      return own.__journeyAxe !== undefined && own.__journeyAxe === own.axe;
    });
    if (present) return;
    await frame.evaluate(AXE_SOURCE);
    await frame.evaluate(() => {
      const own = window as unknown as AxeWindow;
      // Frames of any origin answer the page's axe, as AxeBuilder's default mode tested them.
      own.axe!.configure({ allowedOrigins: ['<unsafe_all_origins>'] });
      own.__journeyAxe = own.axe;
    });
  } catch (error) {
    // A child frame that went away meanwhile is not tested (AxeBuilder's rule too).
    if (mustSucceed) throw error;
  }
}

/** Fails with the list of serious or critical axe-core violations on the current page. */
export async function expectNoSeriousAccessibilityViolations(page: Page): Promise<void> {
  // Colours are checked at rest: a button the pointer just clicked would otherwise be measured
  // halfway through its hover transition, in colours no one ever reads.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  // Next streams a dynamic page's metadata after its first bytes: on a loaded machine the title
  // arrives a moment after the page shows. axe would read a page without one (document-title).
  await expect(page, 'the page has a title').toHaveTitle(/\S/, { timeout: 15_000 });
  await page.mouse.move(0, 0);
  const results = await (async () => {
    for (const frame of page.frames()) await injectAxe(frame, frame === page.mainFrame());
    return page.evaluate(
      (options) => (window as unknown as AxeWindow).axe!.run(document, options),
      RUN_OPTIONS,
    );
  })().finally(() => page.emulateMedia({ reducedMotion: null }));
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  expect(serious, serious.join('\n')).toEqual([]);
}
