/**
 * Lighthouse (default config: mobile preset, simulated throttling, performance category only) over
 * a list of URLs in Debian's Chromium, several runs each. Runs go round by round (every URL once,
 * then again) so that a busy moment of the machine does not fall on one URL's runs only.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { medianFigures, type LighthouseFigures } from './report';

export interface LighthouseTarget {
  label: string;
  url: string;
}

export interface LighthouseOutcome {
  /** Medians of the successful runs; undefined when every run failed. */
  figures?: LighthouseFigures;
  runs: number;
  errors: string[];
}

const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
];

async function launchChrome(): Promise<chromeLauncher.LaunchedChrome> {
  try {
    return await chromeLauncher.launch({ chromePath, chromeFlags, logLevel: 'silent' });
  } catch (error) {
    throw new Error(`Chromium did not start (${chromePath}): ${(error as Error).message}`, {
      cause: error,
    });
  }
}

async function isAlive(chrome: chromeLauncher.LaunchedChrome): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${chrome.port}/json/version`)).ok;
  } catch {
    return false;
  }
}

async function runOnce(url: string, port: number): Promise<LighthouseFigures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
  });
  const lhr = result?.lhr;
  if (!lhr) throw new Error('Lighthouse returned no result');
  if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  const score = lhr.categories.performance?.score;
  const audit = (id: string) => {
    const value = lhr.audits[id]?.numericValue;
    if (value === undefined) throw new Error(`no ${id} figure`);
    return value;
  };
  const summary = lhr.audits['resource-summary']?.details as
    { items?: { resourceType: string; transferSize: number }[] } | undefined;
  const script = summary?.items?.find((item) => item.resourceType === 'script');
  if (score === null || score === undefined || !script) throw new Error('no performance score');
  return {
    score: Math.round(score * 100),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    scriptBytes: script.transferSize,
  };
}

/**
 * Measures every target `runs` times. A failed run is recorded and the next one goes on (Chromium
 * is restarted if it died); only a Chromium that cannot start at all throws.
 */
export async function measureLighthouse(
  targets: LighthouseTarget[],
  runs: number,
  say: (line: string) => void,
): Promise<Map<string, LighthouseOutcome>> {
  const collected = new Map(targets.map((target) => [target.label, [] as LighthouseFigures[]]));
  const errors = new Map(targets.map((target) => [target.label, [] as string[]]));
  let chrome = await launchChrome();
  const total = targets.length * runs;
  let done = 0;
  try {
    for (let round = 1; round <= runs; round += 1) {
      for (const target of targets) {
        done += 1;
        const started = Date.now();
        const progress = `Lighthouse ${done}/${total} (run ${round} of ${runs}) ${target.label}`;
        try {
          const figures = await runOnce(target.url, chrome.port);
          collected.get(target.label)!.push(figures);
          say(
            `${progress}: score ${figures.score}, LCP ${(figures.lcpMs / 1000).toFixed(1)} s, TBT ${figures.tbtMs.toFixed(0)} ms (${((Date.now() - started) / 1000).toFixed(0)} s)`,
          );
        } catch (error) {
          const message = (error as Error).message.split('\n')[0]!;
          errors.get(target.label)!.push(message);
          say(`${progress}: failed, ${message}`);
          if (!(await isAlive(chrome))) {
            say('Chromium stopped answering; starting it again…');
            chrome.kill();
            chrome = await launchChrome();
          }
        }
      }
    }
  } finally {
    chrome.kill();
  }
  return new Map(
    targets.map((target) => {
      const figures = collected.get(target.label)!;
      return [
        target.label,
        {
          figures: figures.length > 0 ? medianFigures(figures) : undefined,
          runs: figures.length,
          errors: errors.get(target.label)!,
        },
      ];
    }),
  );
}
