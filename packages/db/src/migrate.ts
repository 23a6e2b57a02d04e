import type { Kysely } from 'kysely';
import { type MigrationResultSet, Migrator } from 'kysely/migration';
import * as initial from './migrations/2026_11_22_020000_initial.ts';
import * as socialSignIn from './migrations/2026_11_22_030000_social_sign_in.ts';
import * as sentOrders from './migrations/2026_11_22_040000_sent_orders.ts';
import * as sessionsAndEmailOwnership from './migrations/2026_11_23_010000_sessions_and_email_ownership.ts';
import * as apiTokens from './migrations/2026_11_23_020000_api_tokens.ts';
import * as authNotifications from './migrations/2026_11_24_010000_auth_notifications.ts';
import * as tenantSearch from './migrations/2026_11_24_020000_tenant_search.ts';
import * as stock from './migrations/2026_11_24_030000_stock.ts';
import * as schedule from './migrations/2026_11_25_010000_schedule.ts';
import * as reminders from './migrations/2026_11_25_020000_reminders.ts';
import * as confirmations from './migrations/2026_11_25_030000_confirmations.ts';
import * as businesses from './migrations/2026_11_26_010000_businesses.ts';
import * as remindersPerMember from './migrations/2026_11_26_020000_reminders_per_member.ts';
import * as catalogue from './migrations/2026_11_26_030000_catalogue.ts';
import * as money from './migrations/2026_11_26_040000_money.ts';
import * as sentMoney from './migrations/2026_11_26_050000_sent_money.ts';
import * as ordersSort from './migrations/2026_11_26_060000_orders_sort.ts';
import * as webhooks from './migrations/2026_11_27_010000_webhooks.ts';
import * as webhookLog from './migrations/2026_11_27_020000_webhook_log.ts';
import * as orderReady from './migrations/2026_11_28_020000_order_ready.ts';
import * as pushDevices from './migrations/2026_11_28_040000_push_devices.ts';
import * as orderLinkHash from './migrations/2026_11_28_104500_order_link_hash.ts';
import * as receipts from './migrations/2026_11_28_150000_receipts.ts';
import * as standingOrders from './migrations/2026_11_28_160000_standing_orders.ts';
import * as bills from './migrations/2026_11_28_170000_bills.ts';
import * as sentLines from './migrations/2026_11_28_180000_sent_lines.ts';
import * as sentDays from './migrations/2026_11_28_190000_sent_days.ts';
import * as shortSearch from './migrations/2026_11_28_203000_short_search.ts';
import * as productListChanges from './migrations/2026_11_30_140000_product_list_changes.ts';

/**
 * Every migration, by name. Listed here rather than read from the folder so
 * the bundled server carries them; names sort by date, which is their order.
 */
const migrations = {
  '2026_11_22_020000_initial': initial,
  '2026_11_22_030000_social_sign_in': socialSignIn,
  '2026_11_22_040000_sent_orders': sentOrders,
  '2026_11_23_010000_sessions_and_email_ownership': sessionsAndEmailOwnership,
  '2026_11_23_020000_api_tokens': apiTokens,
  '2026_11_24_010000_auth_notifications': authNotifications,
  '2026_11_24_020000_tenant_search': tenantSearch,
  '2026_11_24_030000_stock': stock,
  '2026_11_25_010000_schedule': schedule,
  '2026_11_25_020000_reminders': reminders,
  '2026_11_25_030000_confirmations': confirmations,
  '2026_11_26_010000_businesses': businesses,
  '2026_11_26_020000_reminders_per_member': remindersPerMember,
  '2026_11_26_030000_catalogue': catalogue,
  '2026_11_26_040000_money': money,
  '2026_11_26_050000_sent_money': sentMoney,
  '2026_11_26_060000_orders_sort': ordersSort,
  '2026_11_27_010000_webhooks': webhooks,
  '2026_11_27_020000_webhook_log': webhookLog,
  '2026_11_28_020000_order_ready': orderReady,
  '2026_11_28_040000_push_devices': pushDevices,
  '2026_11_28_104500_order_link_hash': orderLinkHash,
  '2026_11_28_150000_receipts': receipts,
  '2026_11_28_160000_standing_orders': standingOrders,
  '2026_11_28_170000_bills': bills,
  '2026_11_28_180000_sent_lines': sentLines,
  '2026_11_28_190000_sent_days': sentDays,
  '2026_11_28_203000_short_search': shortSearch,
  '2026_11_30_140000_product_list_changes': productListChanges,
};

/** Brings the schema to the migration named (tests of a migration on data made by the ones before it). */
export async function migrateTo(db: Kysely<any>, name: keyof typeof migrations): Promise<MigrationResultSet> {
  const result = await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateTo(name);
  if (result.error) throw result.error;
  return result;
}

/** Brings the schema to the latest migration; throws (after logging what ran) when one fails. */
export async function migrateToLatest(db: Kysely<any>): Promise<MigrationResultSet> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const result = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Migration ${failed} failed: ${(result.error as Error).message ?? String(result.error)}`);
  }
  return result;
}
