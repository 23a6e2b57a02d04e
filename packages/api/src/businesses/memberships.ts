import type { Database, Role } from '@reorder/db';
import { type Expression, type ExpressionBuilder, type RawBuilder, sql } from 'kysely';

export type { Role };

/** A user's place in a business, as the sign-in check carries it. */
export interface Membership {
  businessId: number;
  role: Role;
}

/** The business a request acts in, and the caller's role there. */
export interface ActiveBusiness {
  id: number;
  role: Role;
}

export { ROLES, roleAllows as allows } from '@reorder/schemas/roles';

/**
 * The memberships of the user `userId` names, as one JSON array in the
 * sign-in check's own query, oldest first: without `X-Business-Id`, a request
 * acts in the first business the user joined (docs/decisions.md §8.2).
 */
export function membershipsOf(userId: RawBuilder<unknown> | ReturnType<typeof sql.ref>): RawBuilder<Membership[]> {
  return sql<Membership[]>`(SELECT COALESCE(json_agg(json_build_object('businessId', m.business_id, 'role', m.role)
    ORDER BY m.created_at, m.business_id), '[]'::json) FROM memberships m WHERE m.user_id = ${userId})`;
}

/** The header that names the business a request acts in. */
export const BUSINESS_HEADER = 'x-business-id';

/**
 * The business a request acts in: the one `header` names, if the user is a
 * member of it; without the header, the first one joined. Undefined when the
 * header names no business of the user's (a 404, like another business's ids),
 * or the user belongs to none.
 */
export function activeBusiness(memberships: readonly Membership[], header: string | undefined): ActiveBusiness | undefined {
  if (header === undefined || header === '') {
    const first = memberships[0];
    return first ? { id: first.businessId, role: first.role } : undefined;
  }
  if (!/^[1-9][0-9]{0,9}$/.test(header)) return undefined;
  const id = Number(header);
  const found = memberships.find((m) => m.businessId === id);
  return found ? { id, role: found.role } : undefined;
}

/**
 * The id of a business's first owner (docs/decisions.md §8.2): the one told
 * of a supplier's answer, and whose time zone the business's days are read
 * in. A subquery, to compare `users.id` with in the caller's query.
 */
// biome-ignore lint/suspicious/noExplicitAny: any query's builder: the subquery reads only `memberships` and the id it is given.
export function firstOwnerId(eb: ExpressionBuilder<Database, any>, businessId: Expression<number>) {
  return eb
    .selectFrom('memberships as owner')
    .select('owner.user_id')
    .where('owner.business_id', '=', businessId)
    .where('owner.role', '=', 'owner')
    .orderBy('owner.created_at')
    .limit(1);
}
