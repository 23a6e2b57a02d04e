const MAX_BASE_LENGTH = 30;

/**
 * The username a new account starts from: the email's local part, lower case,
 * accents dropped, only `[a-z0-9._-]` kept ("José.Pérez+shop@x.es" -> "jose.perezshop").
 * "user" when nothing is left. The repository appends a number when it is taken.
 */
export function usernameBaseFromEmail(email: string): string {
  const local = email.split('@')[0] ?? '';
  const base = local
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9._-]/g, '')
    .slice(0, MAX_BASE_LENGTH)
    .replace(/^[._-]+|[._-]+$/g, '');
  return base || 'user';
}
