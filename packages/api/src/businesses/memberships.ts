import type { Role } from '@reorder/db';
import { type RawBuilder, sql } from 'kysely';

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
