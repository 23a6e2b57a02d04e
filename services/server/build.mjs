// Bundles the server, the workspace packages (TypeScript source) and the pure
// JavaScript dependencies into dist/main.js and dist/migrate.js. Packages that
// load files beside their code stay external and come from node_modules:
// argon2 (native addon), PGlite (WASM), pg (optional native binding) and
// swagger-ui-dist (served files). They are direct dependencies of this package.
// `--outdir=<folder>` builds elsewhere (the tests' build, tooling/testing's server-build.ts).
import { build } from 'esbuild';

const outdir = process.argv.find((arg) => arg.startsWith('--outdir='))?.slice('--outdir='.length) ?? 'dist';

await build({
  entryPoints: { main: 'src/main.ts', migrate: 'src/migrate.ts' },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  legalComments: 'linked',
  logLevel: 'warning',
  external: ['argon2', '@electric-sql/pglite', 'pg', 'pg-native', 'swagger-ui-dist'],
  // Bundled CommonJS code calls require(); give the ESM output one.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
});
