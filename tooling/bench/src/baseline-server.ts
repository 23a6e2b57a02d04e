/**
 * The baseline of the API benchmark (api-throughput.ts): a bare `node:http`
 * handler that does the same work as the real server for the measured calls,
 * and nothing else. It verifies the HS256 JWT with jose (algorithm, issuer,
 * audience, expiry), checks in the same SQL round trip that the session is
 * still live and fetches the rows, and answers the same JSON (the REST
 * envelope, or tRPC's `{"result":{"data":…}}`).
 *
 * Run by the benchmark as a child process, so it has an event loop of its own
 * as the server does:
 *   DATABASE_URL=postgres://… | PGLITE_DIR=/path, JWT_SECRET=…, PORT=0,
 *   BASELINE_PREPARED=1 to send its statements as named prepared statements,
 *   BASELINE_GZIP=1 to gzip (level 1, as the server packs its JSON) answers of
 *   1 KB or more to a client that accepts gzip
 * It prints `listening <port>` once ready. The search benchmark
 * (search-latency.ts) asks it the whole-account product search, with gzip.
 */
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { constants, gzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { citext } from '@electric-sql/pglite/contrib/citext';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { formatOrderText } from '@reorder/schemas/order-text';
import { lineTotal, orderTotals, percentChange } from '@reorder/schemas/quantities';
import { searchPattern } from '@reorder/schemas/search';
import { jwtVerify } from 'jose';
import pg from 'pg';

type Row = Record<string, unknown>;
type Query = (text: string, params: unknown[]) => Promise<Row[]>;

async function connect(): Promise<Query> {
  if (process.env.DATABASE_URL) {
    // The server's pool size (packages/db connect.ts).
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
    // As the server does (packages/db prepared.ts): each statement parsed and planned once per connection.
    if (process.env.BASELINE_PREPARED === '1') {
      const names = new Map<string, string>();
      const nameOf = (text: string) => names.get(text) ?? (names.set(text, `baseline_${names.size}`).get(text) as string);
      return async (text, values) => (await pool.query({ name: nameOf(text), text, values })).rows;
    }
    return async (text, params) => (await pool.query(text, params)).rows;
  }
  const db = await PGlite.create(process.env.PGLITE_DIR as string, { extensions: { btree_gin, citext, pg_trgm } });
  return async (text, params) => (await db.query<Row>(text, params)).rows;
}

const secret = new TextEncoder().encode(process.env.JWT_SECRET);
/** The order's confirmation link, as the server makes it (packages/api/src/sessions/tokens.ts). */
const PUBLIC_URL = process.env.PUBLIC_URL;
const linkKey = createHmac('sha256', secret).update('reorder link tokens').digest();
const linkToken = (nonce: string) => createHmac('sha256', linkKey).update(nonce).digest().subarray(0, 18).toString('base64url');

/** The session a bearer token names, when its signature, issuer, audience and expiry hold. */
async function claimsOf(req: IncomingMessage): Promise<{ userId: number; sessionId: number } | undefined> {
  const header = req.headers.authorization ?? '';
  const token = header.startsWith('Bearer ') ? header.slice(7) : '';
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ['HS256'],
      issuer: 'reorder',
      audience: 'reorder-api',
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    return { userId: Number(payload.sub), sessionId: payload.sid as number };
  } catch {
    return undefined;
  }
}

/** The live session as a CTE: the rows the call reads join it, so a revoked session reads nothing. */
const LIVE = `live AS (SELECT s.user_id, u.language, (SELECT m.business_id FROM memberships m WHERE m.user_id = s.user_id
    ORDER BY m.created_at, m.business_id LIMIT 1) AS business_id
  FROM sessions s JOIN users u ON u.id = s.user_id
  WHERE s.id = $1 AND s.user_id = $2 AND s.ended_at IS NULL AND s.expires_at > now())`;

const SUPPLIERS = `WITH ${LIVE}
  SELECT live.user_id AS live, x.* FROM live LEFT JOIN LATERAL (
    SELECT sup.id, sup.name, sup.contact_name, sup.message_service, sup.contact_info, sup.note, o.id AS order_id,
      sup.delivery_days, sup.cutoff_time, sup.lead_days, sup.ask_confirmation, sup.minimum_order, sup.show_prices, sup.tax_id
    FROM suppliers sup JOIN orders o ON o.supplier_id = sup.id
    WHERE sup.business_id = live.business_id ORDER BY sup.sort_key COLLATE "C", sup.id) x ON true`;

const ORDER = `WITH ${LIVE}
  SELECT live.user_id AS live, live.language, live.business_id, o.id AS order_id, o.supplier_id, o.introduce, o.confirm_nonce, sup.ask_confirmation,
    sup.show_prices, b.currency, o.ready_at, readier.id AS ready_by, readier.full_name AS ready_by_name,
    p.id, p.name, p.unit, p.par, p.on_hand, p.counted_at, p.counted_by, counter.full_name AS counted_by_name,
    p.price, p.step, p.note, p.price_change_from, p.price_change_to, p.price_change_at, oq.quantity
  FROM live
  LEFT JOIN orders o ON o.business_id = live.business_id AND o.supplier_id = $3
  LEFT JOIN suppliers sup ON sup.id = o.supplier_id
  LEFT JOIN businesses b ON b.id = o.business_id
  LEFT JOIN users readier ON readier.id = o.ready_by
  LEFT JOIN products p ON p.order_id = o.id AND p.business_id = live.business_id
  LEFT JOIN order_quantities oq ON oq.order_id = p.order_id AND oq.product_id = p.id
  LEFT JOIN users counter ON counter.id = p.counted_by
  ORDER BY p.sort_key COLLATE "C", p.id`;

/** The order's newest sends, which its lines' usuals are read from (packages/api/src/orders/usuals.ts), as the server reads them. */
const SENDS = `SELECT id, sent_at, lines, confirmation->>'deliveryDate' AS confirmed FROM sent_orders
  WHERE business_id = $1 AND order_id = $2 ORDER BY sent_at DESC, id DESC LIMIT 60`;

const SET_QUANTITY = `WITH ${LIVE}, upsert AS (
    INSERT INTO order_quantities (order_id, product_id, business_id, quantity)
    SELECT p.order_id, p.id, p.business_id, $5::numeric FROM products p JOIN live ON live.business_id = p.business_id
    WHERE p.id = $3 AND p.order_id = $4
    ON CONFLICT (order_id, product_id) DO UPDATE SET quantity = excluded.quantity, updated_at = now()
    RETURNING product_id, order_id, quantity)
  SELECT live.user_id AS live, upsert.* FROM live LEFT JOIN upsert ON true`;

const SESSIONS = `WITH ${LIVE}
  SELECT live.user_id AS live, s.id, s.created_at, s.last_seen_at, s.user_agent FROM live
  LEFT JOIN sessions s ON s.user_id = live.user_id AND s.ended_at IS NULL AND s.expires_at > now()
  ORDER BY s.last_seen_at DESC, s.id DESC`;

/**
 * The whole account's products whose name contains the search, by name, at
 * most 1,000, each with its order's quantity: the server's query, with the
 * owner as a parameter so PostgreSQL plans it for this owner as it does the
 * server's (unnamed) search. The page is cut before the quantities and who
 * counted are looked up, as the server's trigram way does: joined first, the
 * plan (made for an owner it cannot see, the session's) hashed the
 * business's every match and quantity (1.7 s for "te" at a million products).
 */
const PRODUCT_SEARCH = `WITH ${LIVE}
  SELECT live.user_id AS live, x.* FROM live LEFT JOIN LATERAL (
    SELECT page.*,
      (SELECT oq.quantity FROM order_quantities oq WHERE oq.order_id = page.order_id AND oq.product_id = page.id) AS quantity,
      (SELECT counter.full_name FROM users counter WHERE counter.id = page.counted_by) AS counted_by_name
    FROM (
      SELECT p.id, p.name, p.unit, p.order_id, p.par, p.on_hand, p.counted_at, p.counted_by, p.usual, p.price, p.step, p.note,
        p.tax_rate, p.price_change_from, p.price_change_to, p.price_change_at, p.sort_key
      FROM products p WHERE p.business_id = live.business_id AND p.search_text LIKE $3
      ORDER BY p.sort_key COLLATE "C", p.id LIMIT 1000) page
    ORDER BY page.sort_key COLLATE "C", page.id) x ON true`;

/** Who counted a product last (docs/decisions.md §8.2), as the server answers it. */
const countedBy = (r: Record<string, unknown>) =>
  r.counted_by === null || r.counted_by_name === null ? null : { userId: r.counted_by as number, fullName: r.counted_by_name as string };

/** A product's last big price change while under 30 days old (docs/decisions.md §8.4), as the server answers it. */
function priceChange(r: Record<string, unknown>) {
  const [from, to, at] = [amount(r.price_change_from), amount(r.price_change_to), r.price_change_at];
  if (from === null || to === null || at === null) return null;
  const when = new Date(at as string);
  if (Date.now() - when.getTime() > 30 * 24 * 3600 * 1000) return null;
  return { from, to, percent: percentChange(from, to), at: when.toISOString() };
}

const gzip = process.env.BASELINE_GZIP === '1';

function send(res: ServerResponse, status: number, body: unknown, req?: IncomingMessage) {
  let payload = Buffer.from(JSON.stringify(body));
  const headers: Record<string, string | number> = { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' };
  if (gzip && payload.length >= 1024 && /\bgzip\b/.test(req?.headers['accept-encoding'] ?? '')) {
    payload = gzipSync(payload, { level: constants.Z_BEST_SPEED });
    headers['Content-Encoding'] = 'gzip';
    headers.Vary = 'Accept-Encoding';
  }
  headers['Content-Length'] = payload.length;
  res.writeHead(status, headers);
  res.end(payload);
}

/** A list read beside the session check: undefined when the session is not live (no row at all), else the rows that hold an item. */
const listed = (rows: Row[]) => (rows.length ? rows.filter((r) => r.id !== null) : undefined);

const amount = (value: unknown) => (value === null ? null : Number(value));

const envelope = (data: unknown, message: string) => ({ code: 1, data, message });

/**
 * The benchmark's suppliers have no delivery days, so their next delivery and
 * cut-off are null; the baseline does not compute schedules, and says so
 * rather than answer wrongly.
 */
function noSchedule(days: unknown): number[] {
  if (Array.isArray(days) && days.length === 0) return [];
  throw new Error('The baseline does not compute delivery schedules');
}
const unauthorized = { code: 0, data: null, message: 'Please sign in again.', error: { kind: 'UNAUTHORIZED', issues: [] } };

async function readJson(req: IncomingMessage): Promise<Row> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Row;
}

async function main() {
  const query = await connect();
  const server = createServer(async (req, res) => {
    try {
      const url = req.url ?? '/';
      const claims = await claimsOf(req);
      if (!claims) return send(res, 401, unauthorized);
      const session = [claims.sessionId, claims.userId];

      if (req.method === 'GET' && (url === '/api/suppliers' || url.startsWith('/api/trpc/suppliers.list'))) {
        const rows = listed(await query(SUPPLIERS, session));
        if (!rows) return send(res, 401, unauthorized);
        const data = rows.map((r) => ({
          id: r.id,
          name: r.name,
          contactName: r.contact_name,
          messageService: r.message_service,
          contactInfo: r.contact_info,
          note: r.note,
          orderId: r.order_id,
          deliveryDays: noSchedule(r.delivery_days),
          cutoffTime: r.cutoff_time,
          leadDays: r.lead_days,
          nextDelivery: null,
          orderBy: null,
          askConfirmation: r.ask_confirmation,
          minimumOrder: amount(r.minimum_order),
          showPrices: r.show_prices,
          taxId: r.tax_id,
        }));
        return send(res, 200, url === '/api/suppliers' ? envelope(data, 'Suppliers loaded') : { result: { data } });
      }

      const order = /^\/api\/orders\/supplier\/(\d+)$/.exec(url);
      if (req.method === 'GET' && order) {
        const rows = await query(ORDER, [...session, Number(order[1])]);
        const first = rows[0];
        if (!first) return send(res, 401, unauthorized);
        if (first.order_id === null) return send(res, 404, { ...unauthorized, message: 'Order not found' });
        // The bench's order was never sent, so no line has a usual; the baseline reads the sends as the server does, and says so rather than answer wrongly.
        const sends = await query(SENDS, [first.business_id, first.order_id]);
        if (sends.length) throw new Error('The baseline does not compute usuals');
        const products = rows
          .filter((r) => r.id !== null)
          .map((r) => {
            const quantity = Number(r.quantity ?? 0);
            const price = amount(r.price);
            return {
              productId: r.id as number,
              name: r.name as string,
              unit: r.unit as string,
              quantity,
              par: amount(r.par),
              onHand: amount(r.on_hand),
              countedAt: r.counted_at === null ? null : new Date(r.counted_at as string).toISOString(),
              countedBy: countedBy(r),
              usual: null,
              price,
              step: amount(r.step),
              note: (r.note as string | null) ?? '',
              lineTotal: lineTotal(quantity, price),
              priceChange: priceChange(r),
            };
          });
        const introduce = first.introduce as string;
        const confirmUrl = first.ask_confirmation ? `${PUBLIC_URL}/confirm/${linkToken(first.confirm_nonce as string)}` : null;
        const style = { language: first.language as 'en' | 'es', prices: first.show_prices ? (first.currency as string) : null };
        const ready =
          first.ready_at === null || first.ready_by === null
            ? null
            : { by: { userId: first.ready_by, fullName: first.ready_by_name }, at: new Date(first.ready_at as string).toISOString() };
        const data = {
          id: first.order_id,
          supplierId: first.supplier_id,
          introduce,
          products,
          text: formatOrderText(introduce, products, style),
          ...orderTotals(products),
          currency: first.currency,
          showPrices: first.show_prices,
          confirmUrl,
          ready,
        };
        return send(res, 200, envelope(data, 'Order loaded'));
      }

      if (req.method === 'PUT' && url === '/api/products/quantity') {
        const body = await readJson(req);
        const rows = await query(SET_QUANTITY, [...session, body.productId, body.orderId, Number(body.quantity).toFixed(3)]);
        const row = rows[0];
        if (!row) return send(res, 401, unauthorized);
        if (row.product_id === null) return send(res, 404, { ...unauthorized, message: 'Product in this order not found' });
        const data = { productId: row.product_id, orderId: row.order_id, quantity: Number(row.quantity) };
        return send(res, 200, envelope(data, 'Success! Order updated!'));
      }

      if (req.method === 'GET' && url === '/api/auth/sessions') {
        const rows = await query(SESSIONS, session);
        if (!rows.length) return send(res, 401, unauthorized);
        const data = rows.map((r) => ({
          id: r.id,
          createdAt: (r.created_at as Date).toISOString(),
          lastSeenAt: (r.last_seen_at as Date).toISOString(),
          userAgent: r.user_agent,
          current: r.id === claims.sessionId,
        }));
        return send(res, 200, envelope(data, 'Sessions loaded'));
      }
      const search = url.startsWith('/api/products?') ? new URLSearchParams(url.slice('/api/products?'.length)) : undefined;
      if (req.method === 'GET' && search && [...search.keys()].every((key) => key === 'q')) {
        const pattern = searchPattern(search.get('q') ?? '');
        if (!pattern) throw new Error('The baseline answers searches only');
        const rows = listed(await query(PRODUCT_SEARCH, [...session, pattern]));
        if (!rows) return send(res, 401, unauthorized);
        const data = rows.map((r) => ({
          id: r.id,
          name: r.name,
          unit: r.unit,
          orderId: r.order_id,
          quantity: Number(r.quantity ?? 0),
          par: amount(r.par),
          onHand: amount(r.on_hand),
          countedAt: r.counted_at === null ? null : new Date(r.counted_at as string).toISOString(),
          countedBy: countedBy(r),
          usual: amount(r.usual),
          price: amount(r.price),
          step: amount(r.step),
          note: (r.note as string | null) ?? '',
          taxRate: amount(r.tax_rate),
          priceChange: priceChange(r),
        }));
        return send(res, 200, envelope(data, 'Products loaded'), req);
      }
      send(res, 404, { ...unauthorized, message: 'Not found' });
    } catch (error) {
      console.error(error);
      send(res, 500, { ...unauthorized, message: 'Something went wrong' });
    }
  });
  server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
    const address = server.address();
    console.log(`listening ${typeof address === 'object' && address ? address.port : ''}`);
  });
  // A normal exit on the benchmark's stop, so a --cpu-prof profile gets written.
  process.on('SIGTERM', () => process.exit(0));
}

await main();
