/**
 * The benchmark's baseline: a bare Fastify + pg handler running the catalog's product-list query
 * and the events list query (with seats taken and waitlist, as content-and-events counts them), in
 * a process of its own like each deployed service. Prints its port on stdout.
 */
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.POOL_MAX ?? 10),
});
const app = Fastify({ logger: false });
app.get('/products', async () => {
  const { rows } = await pool.query(
    `select id, name, description, price, image_url as "imageUrl", category, stock
       from catalog_and_orders.products where deleted_at is null order by id`,
  );
  return rows;
});
app.get('/events', async () => {
  const { rows } = await pool.query(
    `select e.*, coalesce(c.taken, 0) as "seatsTaken", coalesce(c.waiting, 0) as "waitlistCount"
       from content_and_events.events e
       left join (
         select event_id,
                count(*) filter (where status in ('confirmed', 'pending_payment')
                                    or (status = 'held' and held_until > now())) as taken,
                count(*) filter (where status = 'waitlisted') as waiting
           from content_and_events.registrations group by event_id
       ) c on c.event_id = e.id
      order by e.date, e.id`,
  );
  return rows;
});
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
const address = app.server.address();
console.log(`listening ${typeof address === 'object' && address ? address.port : ''}`);
process.on('SIGTERM', () => {
  void app.close().then(() => pool.end());
});
