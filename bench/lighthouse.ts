/**
 * Lighthouse (default config: mobile preset, simulated throttling, performance category only) over
 * a list of URLs in Debian's Chromium, several runs each. Runs go round by round (every URL once,
 * then again) so that a busy moment of the machine does not fall on one URL's runs only.
 *
 * The CPU slowdown is calibrated to the machine, as Lighthouse's throttling guide asks
 * (docs/throttling.md, "Calibrating multipliers"): its default 4× turns a high-end desktop
 * (benchmark index ~1500) into the mid-range phone it emulates, and slows a weaker machine far
 * below that phone. The bench reads this machine's benchmark index first and uses the multiplier
 * of Lighthouse's calculator, for every page and the bare reference alike.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { cpuSlowdownFor, medianFigures, type LighthouseFigures } from './report';

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

async function runLighthouse(url: string, port: number, cpuSlowdown?: number) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    ...(cpuSlowdown === undefined ? {} : { throttling: { cpuSlowdownMultiplier: cpuSlowdown } }),
  });
  const lhr = result?.lhr;
  if (!lhr) throw new Error('Lighthouse returned no result');
  if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  return lhr;
}

async function runOnce(url: string, port: number, cpuSlowdown: number): Promise<LighthouseFigures> {
  const lhr = await runLighthouse(url, port, cpuSlowdown);
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

/** What the Lighthouse pass measured, and with which CPU slowdown. */
export interface LighthousePass {
  outcomes: Map<string, LighthouseOutcome>;
  cpuSlowdown: number;
  /** This machine's benchmark index (median of the calibration runs), or null when it was given. */
  benchmarkIndex: number | null;
}

const CALIBRATION_RUNS = 3;

/**
 * This machine's benchmark index, as Lighthouse measures it at the start of every run: the median
 * of a few runs on `url` (the machine's load moves it by a few percent).
 */
async function measureBenchmarkIndex(
  url: string,
  port: number,
  say: (line: string) => void,
): Promise<number> {
  const indexes: number[] = [];
  for (let run = 1; run <= CALIBRATION_RUNS; run += 1) {
    const lhr = await runLighthouse(url, port);
    indexes.push(lhr.environment.benchmarkIndex);
    say(
      `Lighthouse calibration ${run}/${CALIBRATION_RUNS}: benchmark index ${lhr.environment.benchmarkIndex.toFixed(0)}`,
    );
  }
  indexes.sort((a, b) => a - b);
  return indexes[Math.floor(indexes.length / 2)]!;
}

/**
 * Measures every target `runs` times, with `cpuSlowdown` or, when it is not given, the slowdown
 * calibrated on the first target. A failed run is recorded and the next one goes on (Chromium is
 * restarted if it died); only a Chromium that cannot start at all throws.
 */
export async function measureLighthouse(
  targets: LighthouseTarget[],
  runs: number,
  say: (line: string) => void,
  options: { cpuSlowdown?: number } = {},
): Promise<LighthousePass> {
  const collected = new Map(targets.map((target) => [target.label, [] as LighthouseFigures[]]));
  const errors = new Map(targets.map((target) => [target.label, [] as string[]]));
  let chrome = await launchChrome();
  const total = targets.length * runs;
  let done = 0;
  let benchmarkIndex: number | null = null;
  let cpuSlowdown = options.cpuSlowdown;
  try {
    if (cpuSlowdown === undefined) {
      benchmarkIndex = await measureBenchmarkIndex(targets[0]!.url, chrome.port, say);
      cpuSlowdown = cpuSlowdownFor(benchmarkIndex);
      say(
        `Benchmark index ${benchmarkIndex.toFixed(0)}: CPU slowdown ${cpuSlowdown.toFixed(2)}× (Lighthouse's default 4× is for an index of ~1533; BENCH_LIGHTHOUSE_CPU_SLOWDOWN sets it).`,
      );
    }
    for (let round = 1; round <= runs; round += 1) {
      for (const target of targets) {
        done += 1;
        const started = Date.now();
        const progress = `Lighthouse ${done}/${total} (run ${round} of ${runs}) ${target.label}`;
        try {
          const figures = await runOnce(target.url, chrome.port, cpuSlowdown);
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
  const outcomes = new Map(
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
  return { outcomes, cpuSlowdown, benchmarkIndex };
}
