import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * Makes `DATA_DIR` readable by the server's user only (docs/decisions.md §4): the
 * folder and every folder in it 0700, every file 0600. It holds the embedded
 * database (password hashes among it), the mail outbox and the signing key.
 * Run at start, so a folder made by an older version, a copy or a restore
 * is fixed too; symbolic links are left alone.
 */
export function secureDataDir(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const walk = (dir: string) => {
    chmodSync(dir, 0o700);
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() && (lstatSync(full).mode & 0o777) !== 0o600) chmodSync(full, 0o600);
    }
  };
  walk(dataDir);
}
