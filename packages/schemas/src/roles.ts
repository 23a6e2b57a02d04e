/**
 * The roles of a business's members (docs/decisions.md §8.2), from the most
 * to the least allowed: what a manager may do, an owner may too. The server's
 * checks and the web app's hidden buttons both read them from here.
 */
export const ROLES = ['owner', 'manager', 'staff'] as const;
export type Role = (typeof ROLES)[number];

/** Whether `role` may do what needs `needed`. */
export function roleAllows(role: Role, needed: Role): boolean {
  return ROLES.indexOf(role) <= ROLES.indexOf(needed);
}
