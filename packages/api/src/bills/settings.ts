import type { Db } from '@reorder/db';
import type { TAccountingSettings, TUpdateAccountingSettingsInput } from '@reorder/schemas';

/** What the Xero export writes of the business (docs/decisions.md §9.6): its account code and a tax type per rate. */
export async function accountingSettings(db: Db, businessId: number): Promise<TAccountingSettings> {
  const row = await db
    .selectFrom('businesses')
    .select(['xero_account_code', 'xero_tax_types'])
    .where('id', '=', businessId)
    .executeTakeFirstOrThrow();
  return { xeroAccountCode: row.xero_account_code, xeroTaxTypes: row.xero_tax_types };
}

/** `PUT /business/accounting`: what is given changes, the rest stays. */
export async function updateAccountingSettings(
  db: Db,
  businessId: number,
  input: TUpdateAccountingSettingsInput,
): Promise<TAccountingSettings> {
  if (input.xeroAccountCode !== undefined || input.xeroTaxTypes !== undefined) {
    await db
      .updateTable('businesses')
      .set({
        ...(input.xeroAccountCode === undefined ? {} : { xero_account_code: input.xeroAccountCode }),
        ...(input.xeroTaxTypes === undefined ? {} : { xero_tax_types: JSON.stringify(input.xeroTaxTypes) }),
        updated_at: new Date(),
      })
      .where('id', '=', businessId)
      .execute();
  }
  return accountingSettings(db, businessId);
}
