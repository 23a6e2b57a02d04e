import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** A timestamp column: read as a Date, written as a Date or an ISO string, defaulted by the database. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  password_hash: string | null;
  business_name: string;
  full_name: string;
  language: 'en' | 'es';
  /** Bumped on every password change or reset; tokens carrying an older version fail. */
  token_version: Generated<number>;
  /** The Google account (`sub`) linked for sign-in, if any. */
  google_id: string | null;
  /** The Facebook user id linked for sign-in, if any. */
  facebook_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SuppliersTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  contact_name: string;
  message_service: string;
  contact_info: string;
  note: string;
  /** normalizeSearchText(name + contact name + contact info): what `q` is matched against. */
  search_text: string;
  /** normalizeSearchText(name): the sort order of lists. */
  sort_key: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OrdersTable {
  id: Generated<number>;
  user_id: number;
  supplier_id: number;
  introduce: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ProductsTable {
  id: Generated<number>;
  user_id: number;
  order_id: number;
  name: string;
  unit: string;
  search_text: string;
  sort_key: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OrderQuantitiesTable {
  order_id: number;
  product_id: number;
  user_id: number;
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
  expires_at: Date | string;
  used_at: Date | string | null;
  created_at: Timestamp;
}

export interface RateLimitsTable {
  bucket: string;
  window_start: Date | string;
  hits: number;
}

/** A line of a sent order, as it was. */
export interface SentLine {
  productId: number;
  name: string;
  unit: string;
  quantity: number;
}

export interface SentOrdersTable {
  id: Generated<number>;
  user_id: number;
  order_id: number;
  supplier_id: number;
  channel: string;
  text: string;
  introduce: string;
  lines: ColumnType<SentLine[], string, string>;
  sent_at: Timestamp;
}

export interface Database {
  users: UsersTable;
  suppliers: SuppliersTable;
  orders: OrdersTable;
  products: ProductsTable;
  order_quantities: OrderQuantitiesTable;
  feedback: FeedbackTable;
  password_reset_tokens: PasswordResetTokensTable;
  rate_limits: RateLimitsTable;
  sent_orders: SentOrdersTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SupplierRow = Selectable<SuppliersTable>;
export type NewSupplier = Insertable<SuppliersTable>;
export type OrderRow = Selectable<OrdersTable>;
export type ProductRow = Selectable<ProductsTable>;
export type NewProduct = Insertable<ProductsTable>;
