import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  databaseUrl,
  describeOnPostgres,
  onServer,
  postgresServerUrl,
} from '../../apps/api/src/test/postgres';
import { generateGrowthData } from './generate';
import { FIRST_GROWTH_SITE_ID, LARGE_SITE_ID, growthShape } from './shape';

/**
 * The growth data set at a hundredth of its size (decision 0122): what the bench measures on is
 * what the issue describes, and holds together the way the API's own writes would (every row on
 * its site, every reference to a row of the same site, counters and sequences past the rows).
 */
const shape = growthShape(0.01);
const name = `comptoir_growth_test_${process.pid}`;
let client: pg.Client;

const count = async (sql: string) => Number((await client.query<{ n: string }>(sql)).rows[0]!.n);

describeOnPostgres('the growth data set', () => {
  beforeAll(async () => {
    await onServer(postgresServerUrl!, (server) => server.query(`create database ${name}`));
    const url = databaseUrl(postgresServerUrl!, name);
    await generateGrowthData(url, shape, {
      say: () => undefined,
      demoAdminPassword: 'Growth-test-2026',
    });
    client = new pg.Client({ connectionString: url });
    await client.connect();
  }, 120_000);

  afterAll(async () => {
    await client?.end();
    await onServer(postgresServerUrl!, (server) =>
      server.query(`drop database if exists ${name} with (force)`),
    );
  });

  it('holds the sites, catalogue, customers and orders the shape names', async () => {
    expect(await count(`select count(*) n from sites where id >= ${FIRST_GROWTH_SITE_ID}`)).toBe(
      shape.sites,
    );
    // Every generated site has its parameters, a home page in its menu and its element lists.
    expect(
      await count(
        `select count(*) n from sites s where s.id >= ${FIRST_GROWTH_SITE_ID}
           and exists (select 1 from site_parameters p where p.site_id = s.id and p.type = 'COMPANY_NAME' and p.value = s.name)
           and exists (select 1 from pages p where p.site_id = s.id and p.url = '/')
           and exists (select 1 from element_lists l where l.site_id = s.id)`,
      ),
    ).toBe(shape.sites);
    expect(
      await count(
        `select count(distinct site_id) n from products where site_id >= ${FIRST_GROWTH_SITE_ID}`,
      ),
    ).toBe(shape.sites);
    expect(
      await count(`select count(*) n from products where site_id >= ${FIRST_GROWTH_SITE_ID}`),
    ).toBe(shape.sites * shape.productsPerSite);
    expect(
      await count(
        `select count(*) n from products where site_id = ${LARGE_SITE_ID} and position >= 1000`,
      ),
    ).toBe(shape.largeSiteProducts);
    expect(
      await count(
        `select count(*) n from users where role = 'CUSTOMER' and email like '%@exemple.fr'`,
      ),
    ).toBe(shape.customers);
    expect(await count(`select count(*) n from orders`)).toBe(shape.orders);
    expect(await count(`select count(*) n from orders where site_id = ${LARGE_SITE_ID}`)).toBe(
      shape.largeSiteOrders,
    );
    // Every order has lines, a history from its creation and its confirmation mail.
    expect(
      await count(
        `select count(*) n from orders o
          where exists (select 1 from order_lines l where l.site_id = o.site_id and l.order_id = o.id)
            and exists (select 1 from order_status_history h where h.site_id = o.site_id and h.order_id = o.id and h.from_status is null)`,
      ),
    ).toBe(shape.orders);
    expect(await count(`select count(*) n from mail_outbox`)).toBeGreaterThanOrEqual(shape.orders);
  }, 30_000);

  it('keeps every reference within its site', async () => {
    // Lines name a declination of their own site and of the product they name.
    expect(
      await count(
        `select count(*) n from order_lines l left join declinations d
           on d.site_id = l.site_id and d.id = l.declination_id and d.product_id = l.product_id
          where d.id is null`,
      ),
    ).toBe(0);
    // An order's customer and cart are of its site; a guest's cart has its secret.
    expect(
      await count(
        `select count(*) n from orders o left join users u on u.site_id = o.site_id and u.id = o.user_id
          where o.user_id is not null and u.id is null`,
      ),
    ).toBe(0);
    expect(
      await count(
        `select count(*) n from orders o left join carts c on c.site_id = o.site_id and c.id = o.cart_id
          where c.id is null or c.closed_at is null`,
      ),
    ).toBe(0);
    // Mails go to the order's own customer, on the order's site.
    expect(
      await count(
        `select count(*) n from mail_outbox m where not exists
           (select 1 from orders o where o.site_id = m.site_id and o.email = m.recipient)`,
      ),
    ).toBe(0);
    // The amounts hold together as an order's do.
    expect(
      await count(
        `select count(*) n from orders o where o.products_cents <>
           (select sum(l.total_cents) from order_lines l where l.site_id = o.site_id and l.order_id = o.id)
           or o.total_cents <> o.products_cents + o.shipping_cents`,
      ),
    ).toBe(0);
    // The status is where the history ends.
    expect(
      await count(
        `select count(*) n from orders o where o.status <>
           (select h.to_status from order_status_history h where h.site_id = o.site_id and h.order_id = o.id order by h.at desc, h.id desc limit 1)`,
      ),
    ).toBe(0);
  }, 30_000);

  it('leaves counters and sequences past the rows, so the API writes after them', async () => {
    expect(
      await count(
        `select count(*) n from (select site_id, max(number) m from orders group by site_id) o
          left join order_counters c on c.site_id = o.site_id where c.last_number is distinct from o.m`,
      ),
    ).toBe(0);
    for (const table of ['orders', 'carts', 'users', 'products', 'declinations', 'order_lines']) {
      const [row] = (
        await client.query<{ next: number; highest: number }>(
          `select nextval(pg_get_serial_sequence('${table}', 'id'))::int as next, (select max(id) from ${table}) as highest`,
        )
      ).rows;
      expect(row!.next, table).toBeGreaterThan(row!.highest);
    }
    // Order numbers are unique on each site, from 1 without a gap.
    expect(
      await count(
        `select count(*) n from (select site_id, count(*) c, max(number) m from orders group by site_id) s where s.c <> s.m`,
      ),
    ).toBe(0);
  }, 30_000);
});
