import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { startTestServer, type TestServer } from '@reorder/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 13: @reorder/client, built, used by a project outside this
 * repository against the built files alone: the typed tRPC client with an API
 * token, and the REST types with openapi-fetch, type-checked strictly and run
 * against a real server.
 */
const run = promisify(execFile);
const repo = path.resolve(import.meta.dirname, '../../..');
const clientDir = path.join(repo, 'packages/client');
/** Where pnpm put a dependency of the client package (the outside project links the same files). */
const installed = (name: string) => realpathSync(path.join(clientDir, 'node_modules', name));

let t: TestServer;
let outside: string;
/** What tsc said about the outside project (it also writes out/main.js, which the second test runs). */
let typeCheck: string;
beforeAll(async () => {
  t = await startTestServer();
  await run(process.execPath, ['--import', 'tsx', 'build.mjs'], { cwd: clientDir });
  outside = mkdtempSync(path.join(tmpdir(), 'reorder-outside-'));
  const modules = path.join(outside, 'node_modules');
  // The package as a developer gets it: its package.json and dist/, nothing of the workspace.
  mkdirSync(path.join(modules, '@reorder/client'), { recursive: true });
  cpSync(path.join(clientDir, 'dist'), path.join(modules, '@reorder/client/dist'), { recursive: true });
  cpSync(path.join(clientDir, 'package.json'), path.join(modules, '@reorder/client/package.json'));
  // Its peers and the project's own tools, as `npm install` would give them.
  mkdirSync(path.join(modules, '@trpc'));
  mkdirSync(path.join(modules, '@types'));
  for (const name of ['@trpc/client', '@trpc/server', 'zod', 'openapi-fetch', 'typescript']) {
    symlinkSync(installed(name), path.join(modules, name));
  }
  symlinkSync(realpathSync(path.join(repo, 'node_modules/@types/node')), path.join(modules, '@types/node'));
  writeFileSync(path.join(outside, 'package.json'), JSON.stringify({ name: 'outside', private: true, type: 'module' }));
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

const rest = createClient<paths>({ baseUrl: \`\${baseUrl}/api\`, headers: { authorization: \`Bearer \${token}\` } });
const { data } = await rest.GET('/suppliers/{id}', { params: { path: { id: supplier.id } } });
const name: string | undefined = data?.data.name;
const refused = await api.auth.sessions.query({}).then(() => 'allowed', (error: { data?: { httpStatus?: number } }) => error.data?.httpStatus);

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
console.log(JSON.stringify({ text: order.text, restName: name, refused }));
`,
  );
  const tsc = path.join(outside, 'node_modules/typescript/bin/tsc');
  const result = await run(process.execPath, [tsc, '-p', '.', '--pretty', 'false'], { cwd: outside }).catch(
    (error: { stdout: string }) => error,
  );
  typeCheck = String(result.stdout);
}, 120_000);
afterAll(async () => {
  await t?.close();
  if (outside) rmSync(outside, { recursive: true, force: true });
});

describe('@reorder/client from outside the repository', () => {
  it('type-checks a strict project against the built package alone', () => {
    // @trpc/server's own WebSocket adapter wants the `ws` package's types; nothing else may fail.
    const problems = typeCheck
      .split('\n')
      .filter((line) => line.trim() && !/@trpc\/server\/dist\/adapters\/ws\.d\.mts.*Cannot find module 'ws'/.test(line));
    expect(problems).toEqual([]);
  });

  it('calls the API with an API token: typed tRPC and the REST types with openapi-fetch', async () => {
    const user = await t.api.register();
    await t.confirmEmail(user.email, user.token);
    const token = (await t.api.post('/api/auth/tokens', { name: 'Outside project' }, user.token)).body.data.token as string;
    const { stdout } = await run(process.execPath, [path.join(outside, 'out/main.js'), t.url, token], { cwd: outside });
    expect(JSON.parse(stdout)).toEqual({ text: '2 x Kg: Lemons', restName: 'Outside', refused: 403 });
  }, 60_000);
});
