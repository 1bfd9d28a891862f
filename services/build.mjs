// Bundles the server entry points: our workspace packages inline, npm dependencies stay external.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const pkgs = ['services', 'projections', 'workers', 'contracts'].map((w) => JSON.parse(readFileSync(new URL(`../${w}/package.json`, import.meta.url))));
const external = [...new Set(pkgs.flatMap((p) => Object.keys(p.dependencies ?? {})).filter((d) => !d.startsWith('@crm/')))];

await build({
  entryPoints: { main: 'src/main.ts', rebuild: 'src/rebuild.ts', seed: 'src/seed.ts', 'audit-verify': 'src/audit-verify.ts', 'secrets-rotate': 'src/secrets-rotate.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  logLevel: 'warning',
});
