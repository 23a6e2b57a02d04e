import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { startTestServer, type TestServer } from '@reorder/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 13, and issue 33's "installed from outside": @reorder/client, built
 * (a cached build: packages/client/build.mjs skips it when its sources are
 * those of its last build) and packed with `pnpm pack`, the tarball installed
 * with `npm install` into a project outside this repository, which uses it
 * with `import` and with `require()`, type-checked strictly with
 * `skipLibCheck` off, and run against a real server with an API token: the
 * typed tRPC client and the REST types with openapi-fetch.
 */
const run = promisify(execFile);
const repo = path.resolve(import.meta.dirname, '../../..');
const clientDir = path.join(repo, 'packages/client');
/** pnpm as the repository runs it (tooling/scripts/run.mjs): the version its package.json names. */
const pnpmSpec =
  (JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8')) as { packageManager?: string }).packageManager ?? 'pnpm@10';
/** Where pnpm put a dependency of the client package (the outside project links the same files). */
const installed = (name: string) => realpathSync(path.join(clientDir, 'node_modules', name));

let t: TestServer;
let starting: Promise<TestServer> | undefined;
let outside: string;
/** What tsc said about the outside project (it also writes out/, which the tests run). */
let typeCheck: string;
/** package.json as the tarball holds it. */
let manifest: Record<string, unknown>;
beforeAll(async () => {
  // The server starts while the package is built, packed, installed and type-checked.
  starting = startTestServer();
  await run(process.execPath, ['--import', 'tsx', 'build.mjs'], { cwd: clientDir });
  outside = mkdtempSync(path.join(tmpdir(), 'reorder-outside-'));
  await run('npx', ['--yes', pnpmSpec, 'pack', '--pack-destination', outside], { cwd: clientDir });
  const tarball = readdirSync(outside).find((name) => name.endsWith('.tgz'));
  if (!tarball) throw new Error('pnpm pack made no tarball');
  writeFileSync(path.join(outside, 'package.json'), JSON.stringify({ name: 'outside', private: true, type: 'module' }));
  // The tarball as npm installs it (it has no dependencies of its own; its peers are linked below, as
  // `npm install` would fetch them: this test does not reach the registry).
  await run(
    'npm',
    ['install', `./${tarball}`, '--offline', '--legacy-peer-deps', '--no-audit', '--no-fund', '--ignore-scripts', '--no-package-lock'],
    { cwd: outside },
  );
  const modules = path.join(outside, 'node_modules');
  manifest = JSON.parse(readFileSync(path.join(modules, '@reorder/client/package.json'), 'utf8'));
  mkdirSync(path.join(modules, '@trpc'), { recursive: true });
  mkdirSync(path.join(modules, '@types'), { recursive: true });
  for (const name of ['@trpc/client', '@trpc/server', 'zod', 'openapi-fetch', 'typescript']) {
    symlinkSync(installed(name), path.join(modules, name));
  }
  symlinkSync(realpathSync(path.join(repo, 'node_modules/@types/node')), path.join(modules, '@types/node'));
  writeFileSync(
    path.join(outside, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        module: 'nodenext',
        moduleResolution: 'nodenext',
        target: 'es2022',
        lib: ['es2022', 'esnext.disposable', 'dom'],
        types: ['node'],
        outDir: 'out',
        skipLibCheck: false,
      },
      include: ['src'],
    }),
  );
  mkdirSync(path.join(outside, 'src'));
  // CommonJS, type-checked as such (`.cts`: TypeScript resolves the package's `require` types).
  writeFileSync(
    path.join(outside, 'src/legacy.cts'),
    `import reorder = require('@reorder/client');

const [baseUrl = '', token = ''] = process.argv.slice(2);
const api = reorder.createReorderClient({ baseUrl, token });
api.suppliers.list.query().then((suppliers) => console.log(JSON.stringify(suppliers.map((s) => s.name))));
`,
  );
  writeFileSync(
    path.join(outside, 'src/main.ts'),
    `import { createReorderClient, type paths, type RouterOutputs } from '@reorder/client';
import createClient from 'openapi-fetch';

const [baseUrl = '', token = ''] = process.argv.slice(2);
const api = createReorderClient({ baseUrl, token });
const supplier = await api.suppliers.create.mutate({ name: 'Outside', messageService: 'other' });
const product = await api.products.create.mutate({ name: 'Lemons', unit: 'Kg', orderId: supplier.orderId });
await api.products.setQuantity.mutate({ productId: product.id, orderId: supplier.orderId, quantity: 2 });
const order: RouterOutputs['orders']['bySupplier'] = await api.orders.bySupplier.query({ supplierId: supplier.id });
// Inputs that may be empty may be left out (issue 33).
const listed = (await api.suppliers.list.query()).length + (await api.orders.list.query()).length;

const rest = createClient<paths>({ baseUrl: \`\${baseUrl}/api\`, headers: { authorization: \`Bearer \${token}\` } });
const { data } = await rest.GET('/suppliers/{id}', { params: { path: { id: supplier.id } } });
const name: string | undefined = data?.data.name;
const refused = await api.auth.sessions.query().then(() => 'allowed', (error: { data?: { httpStatus?: number } }) => error.data?.httpStatus);

// Never called: these only have to fail to type-check.
const never = () => {
  // @ts-expect-error an id is a number
  void api.suppliers.byId.query({ id: 'seven' });
  // @ts-expect-error a quantity is a number
  void api.products.setQuantity.mutate({ productId: 1, orderId: 1, quantity: { lots: true } });
  // @ts-expect-error the REST path parameter is a number too
  void rest.GET('/suppliers/{id}', { params: { path: { id: 'seven' } } });
  // @ts-expect-error no such REST path
  void rest.GET('/no/such/path');
};
void never;
console.log(JSON.stringify({ text: order.text, restName: name, refused, listed }));
`,
  );
  const tsc = path.join(outside, 'node_modules/typescript/bin/tsc');
  const result = await run(process.execPath, [tsc, '-p', '.', '--pretty', 'false'], { cwd: outside }).catch(
    (error: { stdout: string }) => error,
  );
  typeCheck = String(result.stdout);
  t = await starting;
}, 120_000);
afterAll(async () => {
  // Closed even when the setup failed before it waited for the server.
  await (t ?? (await starting?.catch(() => undefined)))?.close();
  if (outside) rmSync(outside, { recursive: true, force: true });
});

describe('@reorder/client from outside the repository', () => {
  it('packs a package.json an outside project can install: ranges, no workspace protocols, ESM and CommonJS, a README', () => {
    expect(JSON.stringify(manifest)).not.toMatch(/workspace:|catalog:/);
    expect(manifest.peerDependencies).toEqual({ '@trpc/client': '^11.19.0', '@trpc/server': '^11.19.0', zod: '^4.0.0' });
    expect(manifest.exports).toEqual({
      '.': {
        import: { types: './dist/index.d.ts', default: './dist/index.js' },
        require: { types: './dist/index.d.cts', default: './dist/index.cjs' },
      },
    });
    const files = readdirSync(path.join(outside, 'node_modules/@reorder/client'), { recursive: true }).map(String).sort();
    expect(files).toEqual(['README.md', 'dist', 'dist/index.cjs', 'dist/index.d.cts', 'dist/index.d.ts', 'dist/index.js', 'package.json']);
  });

  it("carries none of the server's database types", () => {
    const types = readFileSync(path.join(outside, 'node_modules/@reorder/client/dist/index.d.ts'), 'utf8');
    expect(types).not.toMatch(/password_hash|token_hash|Kysely/);
  });

  it('type-checks a strict project against the installed package alone, skipLibCheck off', () => {
    expect(typeCheck.split('\n').filter((line) => line.trim())).toEqual([]);
  });

  it('calls the API with an API token: import, require(), and the REST types with openapi-fetch', async () => {
    const user = await t.api.register();
    await t.confirmEmail(user.email, user.token);
    const token = (await t.api.post('/api/auth/tokens', { name: 'Outside project' }, user.token)).body.data.token as string;
    const { stdout } = await run(process.execPath, [path.join(outside, 'out/main.js'), t.url, token], { cwd: outside });
    expect(JSON.parse(stdout)).toEqual({ text: '2 x Kg: Lemons', restName: 'Outside', refused: 403, listed: 2 });
    const legacy = await run(process.execPath, [path.join(outside, 'out/legacy.cjs'), t.url, token], { cwd: outside });
    expect(JSON.parse(legacy.stdout)).toEqual(['Outside']);
  }, 60_000);
});
