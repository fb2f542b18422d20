import { clusterMetrics, offerWorkerMetrics } from '../lib/cluster-metrics.js';
import { PrometheusMetrics } from '../lib/metrics.js';

/**
 * A server worker as far as its metrics go (cluster-metrics.test.ts): it has answered REQUESTS
 * requests of 12 ms on one route, reads the same outbox backlog as every worker, and its own
 * database reachability. It offers them to the primary, scrapes the whole cluster when told
 * `scrape`, and stops answering when told `hang`: for longer than any collection timeout the
 * test sets, so that it cannot answer just in time.
 */
const env = (name: string) => Number(process.env[name]);
const metrics = await PrometheusMetrics.load();
const record = metrics.http.route('/api/products/:id');
for (let i = 0; i < env('REQUESTS'); i++) record('GET', 200, 12);
metrics.reading({ name: 'store_outbox_pending_messages', help: 'Pending.', across: 'max', read: () => env('BACKLOG') });
metrics.reading({ name: 'store_db_up', help: 'Up.', across: 'min', read: () => env('DB_UP') });
metrics.reading({ name: 'store_unknown', help: 'Unknown this scrape.', across: 'max', read: () => undefined });
metrics.counter('store_orders_placed_total', 'Placed.').inc(env('REQUESTS'));
offerWorkerMetrics(() => metrics.json());

process.on('message', (message) => {
  if (message === 'scrape') {
    clusterMetrics().then(
      (text) => process.send!({ text }),
      (err: unknown) => process.send!({ error: String(err) }),
    );
  } else if (message === 'hang') {
    const until = Date.now() + 10_000;
    while (Date.now() < until);
  }
});
process.send!('ready');
