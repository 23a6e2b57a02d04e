import pg from '../../../packages/db/node_modules/pg/lib/index.js';
const url = 'postgres://postgres@127.0.0.1:5432/reorder_bench_7558_6mvetufl';
const client = new pg.Client({ connectionString: url, types: { getTypeParser: (oid, f) => oid === 1700 ? Number : pg.types.getTypeParser(oid, f) } });
await client.connect();
const text = `select products.id, products.name, products.unit, products.order_id, products.par, products.on_hand, products.counted_at, products.usual, oq.quantity from products left join order_quantities oq on oq.order_id=products.order_id and oq.product_id=products.id where products.user_id=1 and products.search_text like $1 order by products.sort_key collate "C", products.id limit 1000 offset 0`;
async function run(mode, n) {
  const times = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const cfg = { name: 'p' + (mode ?? ''), text, values: ['%te%'] };
    if (mode) cfg.rowMode = mode;
    await client.query(cfg);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b); return times[n >> 1];
}
for (let r = 0; r < 3; r++) {
  const c0 = process.cpuUsage(); const obj = await run(undefined, 200); const c1 = process.cpuUsage(c0);
  const c2 = process.cpuUsage(); const arr = await run('array', 200); const c3 = process.cpuUsage(c2);
  console.log('object', obj.toFixed(2), 'cpu/q', ((c1.user + c1.system) / 200 / 1000).toFixed(2), '| array', arr.toFixed(2), 'cpu/q', ((c3.user + c3.system) / 200 / 1000).toFixed(2));
}
const res = await client.query({ text, values: ['%te%'] });
const rows = res.rows;
let t = performance.now(); let s; for (let i = 0; i < 200; i++) s = JSON.stringify(rows); console.log('stringify', ((performance.now() - t) / 200).toFixed(3), s.length);
t = performance.now(); for (let i = 0; i < 200; i++) Buffer.from(JSON.stringify(rows)); console.log('stringify+buffer', ((performance.now() - t) / 200).toFixed(3));
await client.end();
