import type { ColumnType, Generated, Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';

/** A timestamp column with a default: read as a Date (see connect.ts), written as a Date or an ISO string. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A timestamp column the code always sets: read as a Date, written as a Date or an ISO string. */
type SetTimestamp = ColumnType<Date, Date | string, Date | string>;
/** The same, where null means "not yet" (or "never"). */
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  password_hash: string | null;
  business_name: string;
  full_name: string;
  language: 'en' | 'es';
  /** The owner proved they read this address (a link, a password reset, or a provider that verified it). */
  email_verified: Generated<boolean>;
  /** The Google account (`sub`) linked for sign-in, if any. */
  google_id: string | null;
  /** The Facebook user id linked for sign-in, if any. */
  facebook_id: string | null;
  /** An IANA name: delivery days and cut-offs are read in it. */
  time_zone: Generated<string>;
  reminders: Generated<boolean>;
  reminder_minutes: Generated<number>;
  /** How the member's orders list is sorted: by name, soonest cut-off first, or those with products in the order first. */
  orders_sort: Generated<'name' | 'cutoff' | 'inOrder'>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SuppliersTable {
  id: Generated<number>;
  business_id: number;
  name: string;
  contact_name: string;
  message_service: string;
  contact_info: string;
  note: string;
  /** normalizeSearchText(name + contact name + contact info): what `q` is matched against. */
  search_text: string;
  /** normalizeSearchText(name): the sort order of lists. */
  sort_key: string;
  /** ISO weekdays (1 = Monday … 7), ascending. */
  delivery_days: ColumnType<number[], number[] | undefined, number[]>;
  /** "HH:MM" in the owner's time zone, or null. */
  cutoff_time: string | null;
  lead_days: Generated<number>;
  /** Whether a sent order's text ends with the link the supplier confirms it at. */
  ask_confirmation: Generated<boolean>;
  /** numeric(11,4): the supplier's minimum order in the business's currency, or null for none. */
  minimum_order: ColumnType<number | null, number | string | null | undefined, number | string | null>;
  /** Whether the order text shows each line's price and the total. */
  show_prices: Generated<boolean>;
  /** Its tax id (NIF, VAT number), "" for none (docs/decisions.md §9.6). */
  tax_id: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OrdersTable {
  id: Generated<number>;
  business_id: number;
  supplier_id: number;
  introduce: string;
  /** What the confirmation link of the next send is made from (the token is an HMAC of it under the server's key). */
  confirm_nonce: Generated<string>;
  /** The hash of that link's token, so a link opened before its send reached the server is known (docs/decisions.md §9.3); null until the server fills it. */
  confirm_token_hash: string | null;
  /** "Ready to send": the member who said it (null when not ready, or once that user is gone), and when; cleared by triggers when the order is sent or changed. */
  ready_by: ColumnType<number | null, number | null | undefined, number | null>;
  ready_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ProductsTable {
  id: Generated<number>;
  business_id: number;
  order_id: number;
  name: string;
  unit: string;
  search_text: string;
  sort_key: string;
  /** numeric(8,3) or null, like the quantities: the par level, the last count, the usual quantity. */
  par: ColumnType<number | null, number | string | null | undefined, number | string | null>;
  on_hand: ColumnType<number | null, number | string | null | undefined, number | string | null>;
  counted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  usual: ColumnType<number | null, number | string | null | undefined, number | string | null>;
  /** The member who last counted it (null before teams, or once that user is gone). */
  counted_by: number | null;
  /** numeric(11,4): the price per unit, or null when unknown. */
  price: ColumnType<number | null, number | string | null | undefined, number | string | null>;
  /** numeric(8,3): the smallest amount the supplier sells, or null for any amount. */
  step: ColumnType<number | null, number | string | null | undefined, number | string | null>;
  note: string | null;
  /** The last rise or drop of 5% or more: the price before, the price set, and when (null when none). */
  price_change_from: ColumnType<number | null, number | string | null | undefined, number | string | null>;
  price_change_to: ColumnType<number | null, number | string | null | undefined, number | string | null>;
  price_change_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** numeric(5,2): the tax rate in percent, or null for the business's default (docs/decisions.md §9.6). */
  tax_rate: ColumnType<number | null, number | string | null | undefined, number | string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Every price a product has had (docs/decisions.md §8.4), newest read first. */
export interface ProductPricesTable {
  id: Generated<number>;
  business_id: number;
  product_id: number;
  price: ColumnType<number, number | string, number | string>;
  source: 'owner' | 'supplier';
  at: Generated<Date>;
}

export interface OrderQuantitiesTable {
  order_id: number;
  product_id: number;
  business_id: number;
  /** numeric(8,3), parsed to a number by the connection (see connect.ts). */
  quantity: ColumnType<number, number | string, number | string>;
  updated_at: Timestamp;
}

export interface FeedbackTable {
  id: Generated<number>;
  user_id: number | null;
  full_name: string;
  email: string;
  note: string;
  created_at: Timestamp;
}

export interface PasswordResetTokensTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 of the token, hex; the token itself is never stored. */
  token_hash: string;
  expires_at: SetTimestamp;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

/** A signed-in device: a token names its session, and stops working once the session has ended. */
export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: SetTimestamp;
  ended_at: NullableTimestamp;
  user_agent: Generated<string>;
}

/** A one-use link that verifies the account's address ('verify') or confirms a new one ('change'). */
export interface EmailTokensTable {
  id: Generated<number>;
  user_id: number;
  purpose: 'verify' | 'change';
  email: string;
  /** SHA-256 of the token, hex; the token itself is never stored. */
  token_hash: string;
  expires_at: SetTimestamp;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

/** A personal API token of a user, for scripts (`Authorization: Bearer rpat_…`). */
export interface ApiTokensTable {
  id: Generated<number>;
  user_id: number;
  /** The business it acts in, with its member's role there. */
  business_id: number;
  name: string;
  /** SHA-256 of the token, hex; the token itself is shown once and never stored. */
  token_hash: string;
  created_at: Timestamp;
  expires_at: NullableTimestamp;
  last_used_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
}

export interface RateLimitsTable {
  bucket: string;
  window_start: SetTimestamp;
  hits: number;
}

/** A line of a sent order, as it was. */
export interface SentLine {
  productId: number;
  name: string;
  unit: string;
  quantity: number;
  /** The price per unit it was sent with; absent or null when it had none (every send before prices). */
  price?: number | null;
}

export interface SentOrdersTable {
  id: Generated<number>;
  business_id: number;
  order_id: number;
  supplier_id: number;
  channel: string;
  text: string;
  introduce: string;
  lines: ColumnType<SentLine[], string, string>;
  sent_at: Timestamp;
  /** numeric(16,4): quantity × price over the priced lines, as sent. */
  total: ColumnType<number, number | string | undefined, number | string>;
  unpriced_lines: Generated<number>;
  /** The business's currency when it was sent (null for sends before prices: the business's own). */
  currency: string | null;
  /** The confirmation link's nonce, the SHA-256 of its token, the language of its line and its expiry; null when none was asked. */
  confirm_nonce: string | null;
  confirm_token_hash: string | null;
  confirm_language: 'en' | 'es' | null;
  confirm_expires_at: NullableTimestamp;
  confirmation: ColumnType<StoredConfirmation | null, string | null, string | null>;
  /** The member who sent it (null for sends before teams, or once that user is gone). */
  sent_by: number | null;
  /** Sent by the standing order itself, auto-send ("Pedido fijo", docs/decisions.md §9.5). */
  by_standing_order: Generated<boolean>;
}

/** The supplier's answer, as stored (docs/decisions.md §6.4). */
export interface StoredConfirmation {
  status: 'confirmed' | 'partial' | 'declined';
  respondedAt: string;
  note: string;
  deliveryDate: string | null;
  unavailable: number[];
  /** The lines the supplier answered differently (a quantity, a price, a substitute); absent on answers before lines. */
  lines?: StoredAnsweredLine[];
}

/** A line the supplier answered: what they will deliver, at what price, and any substitute. */
export interface StoredAnsweredLine {
  productId: number;
  quantity: number;
  price: number | null;
  substitute: string;
  /** The price the line was sent with, and whether the confirmed one is 5% or more above it. */
  priceBefore: number | null;
  rise: boolean;
}

export interface RemindersTable {
  id: Generated<number>;
  user_id: number;
  supplier_id: number;
  /** The cut-off reminded of, and the delivery day ("2026-12-01") it is for. */
  cutoff_at: SetTimestamp;
  delivery_day: string;
  /** cutoff_at − the owner's reminder minutes, when planned. */
  due_at: SetTimestamp;
  /** A process claimed it until then; past it, another may. */
  claimed_until: NullableTimestamp;
  attempts: Generated<number>;
  done_at: NullableTimestamp;
  /** "sent", or why none was needed ("already sent", "reminders off"...). */
  outcome: string | null;
  created_at: Timestamp;
}

export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: Timestamp;
  /** The session that subscribed the device: ending it removes the device (null: older, or its session was pruned). */
  session_id: number | null;
  /** The subscribing browser's user agent, to name the device on the profile. */
  user_agent: Generated<string>;
}

/** A business: what suppliers, products, orders and their history belong to (docs/decisions.md §8.2). */
export interface BusinessesTable {
  id: Generated<number>;
  name: string;
  /** ISO 4217, e.g. "EUR". */
  currency: Generated<string>;
  /** The tax data of docs/decisions.md §9.6: its tax id ("" for none), the rate of products without their own (numeric(5,2)), and the Xero export's account code and tax type per rate. */
  tax_id: Generated<string>;
  default_tax_rate: ColumnType<number, number | string | undefined, number | string>;
  xero_account_code: Generated<string>;
  xero_tax_types: ColumnType<{ rate: number; taxType: string }[], string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type Role = 'owner' | 'manager' | 'staff';

/** A user's place in a business. */
export interface MembershipsTable {
  business_id: number;
  user_id: number;
  role: Role;
  created_at: Timestamp;
}

/** An invitation to join a business, mailed as a link; single use, 7 days. */
export interface InvitationsTable {
  id: Generated<number>;
  business_id: number;
  email: string;
  role: Role;
  /** SHA-256 of the token, hex; the token itself is only in the mail. */
  token_hash: string;
  invited_by: number | null;
  expires_at: SetTimestamp;
  accepted_at: NullableTimestamp;
  created_at: Timestamp;
}

/** A business's webhook endpoint (docs/decisions.md §8.5). */
export interface WebhookEndpointsTable {
  id: Generated<number>;
  business_id: number;
  /** The owner who added it (null once that user is gone). */
  created_by: number | null;
  url: string;
  /** The event types it receives. */
  events: string[];
  /** `whsec_…`, kept as is: deliveries are signed with it. */
  secret: string;
  /** When the failures in a row began; null after a success. */
  failing_since: NullableTimestamp;
  /** When it was switched off after 24 hours of failures; null while on. */
  disabled_at: NullableTimestamp;
  created_at: Timestamp;
}

/** Something that happened, to be delivered to a business's endpoints. */
export interface WebhookEventsTable {
  /** `evt_…` */
  id: string;
  business_id: number;
  type: string;
  /** The event's `data` (jsonb). */
  data: ColumnType<unknown, string, string>;
  created_at: SetTimestamp;
}

/** One event to one endpoint: the queue (claimed with FOR UPDATE SKIP LOCKED) and the deliveries log. */
export interface WebhookDeliveriesTable {
  id: Generated<number>;
  endpoint_id: number;
  event_id: string;
  status: Generated<'pending' | 'delivered' | 'failed'>;
  attempts: Generated<number>;
  next_attempt_at: SetTimestamp;
  claimed_until: NullableTimestamp;
  last_attempt_at: NullableTimestamp;
  /** The HTTP status of the last attempt's answer (null: none came). */
  response_status: number | null;
  /** Why the last attempt failed, when it did. */
  error: string | null;
  created_at: SetTimestamp;
}

export type ReceiptOutcome = 'pending' | 'ok' | 'short' | 'damaged' | 'wrong' | 'substituted' | 'extra' | 'refused';

/** The one receipt of a sent order: the delivery checked line by line (docs/decisions.md §9.4). */
export interface ReceiptsTable {
  id: Generated<number>;
  business_id: number;
  sent_order_id: number;
  supplier_id: number;
  status: Generated<'checking' | 'done'>;
  /** The member who received it (null once that user is gone). */
  received_by: number | null;
  started_at: SetTimestamp;
  done_at: NullableTimestamp;
  delivery_note: Generated<string>;
  /** What the last close added to each product's count, by product id; a reopen takes it back. */
  stocked: ColumnType<Record<string, number> | null, string | null | undefined, string | null>;
}

/** A line of a receipt: numeric(8,3) quantities and numeric(11,4) prices, read as numbers. */
export interface ReceiptLinesTable {
  receipt_id: number;
  business_id: number;
  product_id: number;
  position: number;
  name: string;
  unit: string;
  expected: ColumnType<number, number | string, number | string>;
  received: ColumnType<number | null, number | string | null | undefined, number | string | null>;
  outcome: ColumnType<ReceiptOutcome, ReceiptOutcome | undefined, ReceiptOutcome>;
  expected_price: ColumnType<number | null, number | string | null | undefined, number | string | null>;
  charged_price: ColumnType<number | null, number | string | null | undefined, number | string | null>;
  note: Generated<string>;
}

/** A line of a claim, as claimed. */
export interface StoredClaimLine {
  productId: number;
  quantity: number;
  amount: number;
  reason: 'short' | 'damaged' | 'wrong' | 'refused' | 'overcharged';
}

/** The supplier's answer to a claim. */
export interface StoredClaimAnswer {
  answer: 'credit' | 'redeliver' | 'dispute';
  note: string;
  creditNote: string;
  at: string;
}

/** A claim on a closed receipt (docs/decisions.md §9.4). */
export interface ClaimsTable {
  id: Generated<number>;
  business_id: number;
  receipt_id: number;
  supplier_id: number;
  status: Generated<'open' | 'credited' | 'redelivered' | 'rejected' | 'closed'>;
  lines: ColumnType<StoredClaimLine[], string, string>;
  /** numeric(16,2). */
  amount: ColumnType<number, number | string, number | string>;
  currency: string;
  text: string;
  language: 'en' | 'es';
  /** What the link's token is made from (an HMAC under the server's key); only the token's SHA-256 is kept. */
  nonce: string;
  token_hash: string;
  expires_at: SetTimestamp;
  supplier_answer: ColumnType<StoredClaimAnswer | null, string | null | undefined, string | null>;
  created_by: number | null;
  created_at: SetTimestamp;
  closed_at: NullableTimestamp;
}

/** A quantity per delivery weekday of a standing order's line (docs/decisions.md §9.5). */
export interface StoredStandingLine {
  productId: number;
  quantities: Partial<Record<'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun', number>>;
}

/** A supplier's standing order (docs/decisions.md §9.5). */
export interface StandingOrdersTable {
  supplier_id: number;
  business_id: number;
  enabled: Generated<boolean>;
  lines: ColumnType<StoredStandingLine[], string | undefined, string>;
  prepare_hours_before: Generated<number>;
  auto_send: Generated<boolean>;
  /** Delivery dates ("2026-12-25") not prepared. */
  paused_dates: ColumnType<string[], string[] | undefined, string[]>;
  updated_at: Timestamp;
}

/** One delivery of a standing order: prepared, announced and auto-sent once (docs/decisions.md §9.5). */
export interface StandingRunsTable {
  id: Generated<number>;
  supplier_id: number;
  delivery_day: string;
  cutoff_at: SetTimestamp;
  prepare_at: SetTimestamp;
  /** cutoff_at − 30 minutes for an auto-sent email supplier, else null. */
  send_at: NullableTimestamp;
  claimed_until: NullableTimestamp;
  attempts: Generated<number>;
  prepared_at: NullableTimestamp;
  /** "prepared", "not empty", or why nothing was done ("paused", "off", "too late"...); "sent" once auto-sent. */
  outcome: string | null;
  /** The members told of the prepared order so far, and when every one was. */
  announced_to: ColumnType<number[], number[] | undefined, number[]>;
  announced_at: NullableTimestamp;
  done_at: NullableTimestamp;
  sent_order_id: number | null;
}

/** A bill's line as entered (docs/decisions.md §9.6). */
export interface StoredBillLine {
  productId: number | null;
  description: string;
  quantity: number;
  unitPrice: number;
  taxRate: number;
}

/** A bill's match as made when it was saved. */
export interface StoredBillMatch {
  lines: {
    productId: number | null;
    ordered: number;
    received: number | null;
    billed: number;
    expectedPrice: number | null;
    billedPrice: number | null;
    flag: 'quantity' | 'price' | 'not_received' | 'not_ordered' | null;
  }[];
  difference: number;
}

export type BillStatus = 'draft' | 'matched' | 'mismatch' | 'approved' | 'exported';

/** A supplier's invoice (docs/decisions.md §9.6). */
export interface BillsTable {
  id: Generated<number>;
  business_id: number;
  supplier_id: number;
  number: string;
  /** `date` columns, read as "YYYY-MM-DD" (see connect.ts). */
  issued_on: ColumnType<string, string, string>;
  due_on: ColumnType<string | null, string | null | undefined, string | null>;
  currency: string;
  sent_order_ids: ColumnType<number[], string | undefined, string>;
  lines: ColumnType<StoredBillLine[], string | undefined, string>;
  match: ColumnType<StoredBillMatch | null, string | null | undefined, string | null>;
  status: ColumnType<BillStatus, BillStatus | undefined, BillStatus>;
  approved_by: number | null;
  approved_at: NullableTimestamp;
  exported_at: NullableTimestamp;
  created_by: number | null;
  created_at: SetTimestamp;
  updated_at: SetTimestamp;
}

/** The invoice's photo or PDF, at most 5 MB, kept in the database (docs/decisions.md §9.6). */
export interface BillFilesTable {
  bill_id: number;
  business_id: number;
  content_type: 'image/jpeg' | 'image/png' | 'image/webp' | 'application/pdf';
  size: number;
  uploaded_by: number | null;
  uploaded_at: SetTimestamp;
}

/** The file's bytes, in parts of at most 256 KiB, in order. */
export interface BillFilePartsTable {
  bill_id: number;
  part: number;
  data: Uint8Array;
}

/** One row per business and transaction that wrote its products or quantities (triggers; docs/decisions.md §9.8). */
export interface ProductListChangesTable {
  business_id: number;
  /** A `xid8`, as text. */
  xid: string;
}

/** One row: kept product pages read in a snapshot whose xmin is below `horizon` are stale (§9.8). */
export interface ProductListHorizonTable {
  single: Generated<boolean>;
  horizon: string;
}

export interface Database {
  businesses: BusinessesTable;
  memberships: MembershipsTable;
  invitations: InvitationsTable;
  users: UsersTable;
  suppliers: SuppliersTable;
  orders: OrdersTable;
  products: ProductsTable;
  order_quantities: OrderQuantitiesTable;
  product_prices: ProductPricesTable;
  feedback: FeedbackTable;
  password_reset_tokens: PasswordResetTokensTable;
  rate_limits: RateLimitsTable;
  sent_orders: SentOrdersTable;
  sessions: SessionsTable;
  email_tokens: EmailTokensTable;
  api_tokens: ApiTokensTable;
  reminders: RemindersTable;
  push_subscriptions: PushSubscriptionsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_events: WebhookEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  receipts: ReceiptsTable;
  receipt_lines: ReceiptLinesTable;
  claims: ClaimsTable;
  standing_orders: StandingOrdersTable;
  standing_runs: StandingRunsTable;
  bills: BillsTable;
  bill_files: BillFilesTable;
  bill_file_parts: BillFilePartsTable;
  product_list_changes: ProductListChangesTable;
  product_list_horizon: ProductListHorizonTable;
}

/** The database or a transaction in it: what every repository function takes first, so callers can compose them. */
export type Db = Kysely<Database> | Transaction<Database>;

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SupplierRow = Selectable<SuppliersTable>;
export type ProductRow = Selectable<ProductsTable>;
export type NewProduct = Insertable<ProductsTable>;
export type SentOrderRow = Selectable<SentOrdersTable>;
export type ApiTokenRow = Selectable<ApiTokensTable>;
