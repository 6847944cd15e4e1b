/**
 * Crash tests of `npm run test:scale` (issue 32, item 5; decision 0117): `kill -9` of an API
 * instance during a stream of guest orders, and of a storefront during page traffic, on the
 * scale-out layout (scale-layout.ts). The visitors behave as the storefront does: an order whose
 * answer never came is sent again with its Idempotency-Key (apps/web/modules/checkout), a cart
 * call that failed is made again. Each check throws on the first broken promise; the figures go
 * to `figures`.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { adminQuery, call, type Layout, type Proxy } from './scale-layout';
import {
  addBottle,
  openCart,
  placeOrder,
  prepareShop,
  SHOP_SITE,
  stockOf,
  visitorAddress,
  type OpenCart,
} from './scale-shop';

export type Figures = Record<string, number | string>;

function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

/** Traffic before the kill, at least. */
const BEFORE_KILL_MS = 1_000;
/** Traffic on the survivor alone after the kill, at least. */
const AFTER_KILL_MS = 1_000;
/** Concurrent visitors. */
const VISITORS = 8;
/** A restarted instance that has not served within this is a failure. */
const REJOIN_LIMIT_MS = 120_000;

/** Waits AFTER_KILL_MS, then until `enough()` says the survivor has served enough (20 s at most). */
async function onTheSurvivorAlone(enough: () => boolean): Promise<void> {
  await sleep(AFTER_KILL_MS);
  const deadline = Date.now() + 20_000;
  while (!enough() && Date.now() < deadline) await sleep(20);
}

/**
 * Sends `probe` through the proxy, one at a time, until the restarted instance on `port` has
 * answered one of them (the traffic is stopped by then: a light probe does not slow the start it
 * waits for). False when it stopped, or served nothing within REJOIN_LIMIT_MS.
 */
async function rejoinedThrough(
  layout: Layout,
  proxy: Proxy,
  port: number,
  servedBefore: number,
  probe: () => Promise<unknown>,
): Promise<boolean> {
  const deadline = Date.now() + REJOIN_LIMIT_MS;
  const restarted = layout.instanceOn(port).process;
  while (Date.now() < deadline) {
    if ((proxy.served.get(port) ?? 0) > servedBefore) return true;
    if (restarted.exitCode !== null) return false;
    await probe().catch(() => undefined);
    await sleep(50);
  }
  return false;
}

/**
 * `kill -9` of the instance on `port` once the traffic has run BEFORE_KILL_MS and the proxy has a
 * request under way on it (so that the kill cuts one), within 10 s; then starts it again at once
 * (a supervisor's restart). Resolves with the exit code, how many requests were under way on it,
 * and when it was killed and started again.
 */
async function killAndRestart(layout: Layout, proxy: Proxy, port: number) {
  await sleep(BEFORE_KILL_MS);
  const deadline = Date.now() + 10_000;
  while ((proxy.inFlight.get(port) ?? 0) === 0 && Date.now() < deadline) await sleep(5);
  const inFlight = proxy.inFlight.get(port) ?? 0;
  const victim = layout.instanceOn(port);
  const killedAt = Date.now();
  victim.process.kill('SIGKILL');
  const exitCode = await victim.exited;
  const servedBefore = proxy.served.get(port) ?? 0;
  const restartedAt = Date.now();
  layout.restart(port);
  return { exitCode, inFlight, killedAt, restartedAt, servedBefore };
}

interface OrderAttempt {
  key: string;
  /** The order id of the answer; null while none came. */
  orderId: number | null;
}

/**
 * `kill -9` of API 2 during a stream of orders through the proxy, API 2 started again while
 * the stream goes on: every acknowledged order is in PostgreSQL once, the stock went down by
 * exactly the bottles of the orders there, the survivor took orders while the other was down,
 * and the restarted instance answers through the proxy again.
 */
export async function apiCrashDuringOrders(layout: Layout, figures: Figures): Promise<void> {
  const [survivor, victim] = layout.apiPorts;
  const stockAtStart = 1_000;
  const shop = await prepareShop(survivor, layout.databaseUrl, stockAtStart);
  const stockBefore = await stockOf(layout.databaseUrl, shop);
  const run = `crash-${Date.now().toString(36)}`;
  const attempts: OrderAttempt[] = [];
  let orderRequests = 0;
  let clientErrors = 0;
  let ackedWhileDown = 0;
  let down = false;
  let stop = false;
  let next = 0;
  const proxyErrorsBefore = layout.proxy.errors;

  /** A cart call made again until it is answered (each failure is an error the visitor saw). */
  const untilDone = async <T>(step: () => Promise<T>): Promise<T> => {
    for (let tries = 0; tries < 50; tries += 1) {
      try {
        return await step();
      } catch {
        clientErrors += 1;
        await sleep(100);
      }
    }
    throw new Error('a cart call failed 50 times in a row');
  };

  const visitor = async () => {
    while (!stop) {
      const index = next++;
      const cart: OpenCart = await untilDone(() =>
        openCart(layout.proxyPort, visitorAddress(20_000 + index)),
      );
      await untilDone(() => addBottle(layout.proxyPort, cart, shop.declinationId));
      const attempt: OrderAttempt = { key: `${run}-${index}`, orderId: null };
      attempts.push(attempt);
      // As the checkout does: the same key until an answer comes.
      for (let tries = 0; tries < 50 && attempt.orderId === null; tries += 1) {
        orderRequests += 1;
        const answer = await placeOrder(
          layout.proxyPort,
          shop,
          cart,
          attempt.key,
          `crash-${index}@example.fr`,
        ).catch(() => null);
        if (answer?.status === 200) {
          attempt.orderId = (answer.json?.data as { id: number }).id;
          if (down) ackedWhileDown += 1;
        } else {
          clientErrors += 1;
          await sleep(100);
        }
      }
    }
  };

  const visitors = Array.from({ length: VISITORS }, visitor);
  let kill: Awaited<ReturnType<typeof killAndRestart>>;
  try {
    kill = await killAndRestart(layout, layout.proxy, victim);
    down = true;
    await onTheSurvivorAlone(() => ackedWhileDown >= 3);
  } finally {
    stop = true;
    await Promise.all(visitors);
  }
  figures['API crash: requests under way on the killed API'] = kill.inFlight;
  assert(kill.exitCode === 137, `the killed instance exited with ${kill.exitCode}`);
  const rejoined = await rejoinedThrough(layout, layout.proxy, victim, kill.servedBefore, () =>
    call(layout.proxyPort, 'GET', '/site/info'),
  );
  down = false;
  figures['API crash: restart to first answer through the proxy (ms)'] =
    Date.now() - kill.restartedAt;
  figures['API crash: first start of that API, for comparison (ms)'] =
    layout.startMs.get(victim) ?? -1;
  assert(rejoined, `the restarted API served nothing within ${REJOIN_LIMIT_MS / 1000} s`);
  // The restarted instance takes an order itself (counted with the others below).
  const cart = await openCart(victim, visitorAddress(20_000 + next));
  await addBottle(victim, cart, shop.declinationId);
  const direct: OrderAttempt = { key: `${run}-restarted`, orderId: null };
  attempts.push(direct);
  orderRequests += 1;
  const placed = await placeOrder(victim, shop, cart, direct.key, 'crash-restarted@example.fr');
  assert(placed.status === 200, `an order on the restarted API answered ${placed.status}`);
  direct.orderId = (placed.json?.data as { id: number }).id;

  const { rows } = await adminQuery(
    layout.databaseUrl,
    `select o.id, o.idempotency_key as key,
            coalesce(sum(l.quantity) filter (where l.is_stock_managed), 0)::int as bottles
     from orders o left join order_lines l on l.order_id = o.id
     where o.site_id = $1 and o.idempotency_key like $2
     group by o.id, o.idempotency_key`,
    [SHOP_SITE, `${run}-%`],
  );
  const stored = new Map((rows as { id: number; key: string }[]).map((row) => [row.key, row.id]));
  const bottles = (rows as { bottles: number }[]).reduce((sum, row) => sum + row.bottles, 0);
  const acknowledged = attempts.filter((attempt) => attempt.orderId !== null);
  const kept = acknowledged.filter((attempt) => stored.get(attempt.key) === attempt.orderId);
  const stockAfter = await stockOf(layout.databaseUrl, shop);
  const survivorReady = await call(survivor, 'GET', '/ready');
  const restartedReady = await call(victim, 'GET', '/ready');

  // A run the killed process had under way stays active until pg-boss expires it (its queue's
  // singleton policy holds that job meanwhile): told, not failed (docs/deploy.md « Faults »).
  const { rows: cutRuns } = await adminQuery(
    layout.databaseUrl,
    `select name from pgboss.job where state = 'active' and started_on < to_timestamp($1 / 1000.0)`,
    [kill.killedAt],
  );
  figures['API crash: job runs cut by the kill, still active'] =
    cutRuns.length === 0 ? 0 : (cutRuns as { name: string }[]).map((row) => row.name).join(', ');
  figures['API crash: orders sent'] = attempts.length;
  figures['API crash: order requests (with retries)'] = orderRequests;
  figures['API crash: orders acknowledged'] = acknowledged.length;
  figures['API crash: acknowledged orders kept'] = kept.length;
  figures['API crash: orders in PostgreSQL'] = rows.length;
  figures['API crash: orders acknowledged while the killed API was down'] = ackedWhileDown;
  figures['API crash: stock before / after'] = `${stockBefore} / ${stockAfter}`;
  figures['API crash: bottles in the stored orders'] = bottles;
  figures['API crash: errors seen by clients'] = clientErrors;
  figures['API crash: errors at the proxy'] = layout.proxy.errors - proxyErrorsBefore;

  assert(acknowledged.length === attempts.length, 'an order was never acknowledged');
  assert(kept.length === acknowledged.length, 'an acknowledged order is missing or changed');
  assert(rows.length === acknowledged.length, 'an order was stored twice or unacknowledged');
  assert(bottles > 0, 'the orders took no stock: the check would prove nothing');
  assert(stockAfter === stockBefore - bottles, 'the stock is not the stored orders’ exactly');
  assert(ackedWhileDown > 0, 'the surviving API took no order while the other was down');
  assert(
    survivorReady.status === 200,
    `the surviving API's /ready answered ${survivorReady.status}`,
  );
  assert(
    restartedReady.status === 200,
    `the restarted API's /ready answered ${restartedReady.status}`,
  );
}

/** Content pages of site 91, served by the storefront at 127.0.0.1. */
const PAGES = ['/', '/qui-sommes-nous', '/blog', '/legal-notice', '/nous-contacter', '/sale-terms'];

/**
 * `kill -9` of storefront 2 during page traffic through the proxy, then started again: visitors
 * see no error from the requests sent after the kill, the survivor served them, and the
 * restarted storefront serves pages through the proxy again.
 */
export async function storefrontCrashDuringPages(layout: Layout, figures: Figures): Promise<void> {
  const [survivor, victim] = layout.webPorts;
  let sent = 0;
  let killedAt = Number.POSITIVE_INFINITY;
  const failures: { startedAt: number; endedAt: number; what: string }[] = [];
  let servedWhileDown = 0;
  let down = false;
  let stop = false;
  const proxyErrorsBefore = layout.webProxy.errors;

  const visitor = async (offset: number) => {
    for (let index = offset; !stop; index += 1) {
      const page = PAGES[index % PAGES.length] as string;
      const startedAt = Date.now();
      sent += 1;
      try {
        const answer = await fetch(`http://127.0.0.1:${layout.webProxyPort}${page}`);
        const html = await answer.text();
        if (answer.status !== 200 || !html.includes('</html>')) {
          failures.push({ startedAt, endedAt: Date.now(), what: `${page}: ${answer.status}` });
        } else if (down) servedWhileDown += 1;
      } catch (error) {
        failures.push({ startedAt, endedAt: Date.now(), what: `${page}: ${String(error)}` });
      }
    }
  };
  // Each page once through each storefront first, so that both have them (as a shop in use).
  for (const port of layout.webPorts) {
    for (const page of PAGES) await fetch(`http://127.0.0.1:${port}${page}`).then((r) => r.text());
  }
  const visitors = Array.from({ length: VISITORS }, (_, offset) => visitor(offset));
  let kill: Awaited<ReturnType<typeof killAndRestart>>;
  try {
    kill = await killAndRestart(layout, layout.webProxy, victim);
    killedAt = kill.killedAt;
    down = true;
    await onTheSurvivorAlone(() => servedWhileDown >= 20);
  } finally {
    stop = true;
    await Promise.all(visitors);
  }
  figures['storefront crash: pages under way on the killed storefront'] = kill.inFlight;
  assert(kill.exitCode === 137, `the killed storefront exited with ${kill.exitCode}`);
  const rejoined = await rejoinedThrough(layout, layout.webProxy, victim, kill.servedBefore, () =>
    fetch(`http://127.0.0.1:${layout.webProxyPort}/`).then((answer) => answer.text()),
  );
  down = false;
  figures['storefront crash: restart to first page through the proxy (ms)'] =
    Date.now() - kill.restartedAt;
  figures['storefront crash: first start of that storefront, for comparison (ms)'] =
    layout.startMs.get(victim) ?? -1;
  assert(rejoined, `the restarted storefront served nothing within ${REJOIN_LIMIT_MS / 1000} s`);
  const beforeKill = failures.filter((failure) => failure.endedAt < killedAt);
  const afterKill = failures.filter((failure) => failure.startedAt > killedAt);
  const inFlight = failures.length - beforeKill.length - afterKill.length;
  const restarted = await fetch(`http://127.0.0.1:${victim}/`);
  const survivorAnswer = await fetch(`http://127.0.0.1:${survivor}/`);

  figures['storefront crash: pages requested'] = sent;
  figures['storefront crash: pages served while the killed one was down'] = servedWhileDown;
  figures['storefront crash: errors seen by clients (before the kill)'] = beforeKill.length;
  figures['storefront crash: errors seen by clients (in flight at the kill)'] = inFlight;
  figures['storefront crash: errors seen by clients (sent after the kill)'] = afterKill.length;
  figures['storefront crash: errors at the proxy'] = layout.webProxy.errors - proxyErrorsBefore;

  assert(beforeKill.length === 0, `pages failed before the kill: ${beforeKill[0]?.what}`);
  assert(afterKill.length === 0, `pages sent after the kill failed: ${afterKill[0]?.what}`);
  // In flight at the kill: only an answer already begun may break (a GET not yet answered is sent
  // to the other storefront), at most one per visitor.
  assert(inFlight <= VISITORS, `${inFlight} pages in flight at the kill failed`);
  assert(servedWhileDown > 0, 'the surviving storefront served nothing while the other was down');
  assert(
    survivorAnswer.status === 200,
    `the surviving storefront answered ${survivorAnswer.status}`,
  );
  assert(restarted.status === 200, `the restarted storefront answered ${restarted.status}`);
}
