import type { Database } from '@reorder/db';
import type { TFeedback, TFeedbackInput } from '@reorder/schemas';
import type { Kysely } from 'kysely';

export async function insertFeedback(db: Kysely<Database>, userId: number, input: TFeedbackInput): Promise<TFeedback> {
  const row = await db
    .insertInto('feedback')
    .values({ user_id: userId, full_name: input.fullName, email: input.email, note: input.note })
    .returning(['id', 'full_name', 'email', 'note'])
    .executeTakeFirstOrThrow();
  return { id: row.id, fullName: row.full_name, email: row.email, note: row.note };
}
