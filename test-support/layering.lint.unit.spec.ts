/**
 * The layer rules of eslint.config.js (docs/ARCHITECTURE.md, "Layers") shown to fail on deliberately bad imports,
 * then to pass on the real tree:
 * - no-restricted-imports / no-restricted-syntax: domain logic never imports a transport (tRPC, Fastify, the
 *   services/src/trpc and services/src/http folders); transport adapters may.
 * - import-x/no-cycle: no import cycle in contracts, services, projections and workers.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LAYER_RULES = new Set(['no-restricted-imports', 'no-restricted-syntax', 'import-x/no-cycle']);

/** The repository's own config, only the layer rules reported (and every other rule still configured as is). */
function layerLinter(options: ESLint.Options = {}) {
  return new ESLint({
    cwd: root,
    overrideConfigFile: path.join(root, 'eslint.config.js'),
    ruleFilter: ({ ruleId }) => LAYER_RULES.has(ruleId),
    ...options,
  });
}

const shared = layerLinter();

async function lint(code: string, relativePath: string, eslint = shared): Promise<Linter.LintMessage[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, relativePath) });
  return result!.messages;
}

const rules = (messages: Linter.LintMessage[]) => messages.map((m) => m.ruleId);

const BAD_IMPORTS = [
  "import { TRPCError } from '@trpc/server';",
  "import { createHttpServer } from '../http/server.ts';",
  "import type { FastifyReply } from 'fastify';",
  "import { publicProcedure } from '../trpc/trpc.ts';",
  "export type { FastifyInstance } from 'fastify';",
  "import type { FastifyPluginAsync } from '@fastify/static';",
  'export const load = () => import("fastify");',
  "export type Reply = import('fastify').FastifyReply;",
  "import { fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';",
].join('\n');

describe('layer rule: domain logic does not import a transport', () => {
  it('fails a domain service that imports tRPC, Fastify (even type-only) or the trpc/ and http/ folders', async () => {
    const messages = await lint(BAD_IMPORTS, 'services/src/customers/fake.service.ts');
    expect(messages.filter((m) => m.severity === 2).map((m) => m.line)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(new Set(rules(messages))).toEqual(new Set(['no-restricted-imports', 'no-restricted-syntax']));
    expect(messages[0]!.message).toContain('Domain logic must not depend on a transport');
  });

  it.each(['customers/fake.decider.ts', 'security/fake.policy.ts', 'deals/deal.facts.ts', 'security/fake.detector.ts', 'platform/fake.ts', 'rebuild.ts'])(
    'applies to services/src/%s',
    async (file) => {
      const messages = await lint("import { TRPCError } from '@trpc/server';\nimport type { FastifyRequest } from 'fastify';\n", `services/src/${file}`);
      expect(rules(messages)).toEqual(['no-restricted-imports', 'no-restricted-imports']);
    },
  );

  it.each(['contracts/src/customers/fake.ts', 'projections/src/customers/fake.projection.ts', 'workers/src/mail/fake.handler.ts', 'workers/src/fake.routes.ts'])(
    'contracts, projections and workers never import a transport, whatever the file name: %s',
    async (file) => {
      const messages = await lint("import type { FastifyInstance } from 'fastify';\nimport type { AppRouter } from '@crm/services/router';\n", file);
      expect(rules(messages)).toEqual(['no-restricted-imports', 'no-restricted-imports']);
    },
  );

  it.each([
    'services/src/customers/procedures/fake.handler.ts',
    'services/src/customers/procedures/_router.ts',
    'services/src/customers/fake.router.ts',
    'services/src/customers/customers.routes.ts',
    'services/src/security/fake.hook.ts',
    'services/src/customers/customers.module.ts',
    'services/src/trpc/fake.ts',
    'services/src/http/fake.ts',
    'services/src/app/fake.ts',
    'services/src/main.ts',
  ])('lets the transport adapter or composition file %s import them', async (file) => {
    // (no-cycle may object to this made-up content: a module importing http/server.ts, which imports it back.)
    const messages = await lint(BAD_IMPORTS, file);
    expect(messages.filter((m) => m.ruleId !== 'import-x/no-cycle')).toEqual([]);
  });
});

describe('cycle check: import-x/no-cycle', () => {
  // A throw-away pair in a folder the normal `npm run lint` ignores (`**/__layering_fixture__*/**`), so a lint
  // running at the same moment in the shared tree never sees it; this test lints it with ignores off.
  const dir = path.join(root, 'services/src', `__layering_fixture__${process.pid}`);
  const rel = (name: string) => path.relative(root, path.join(dir, name));
  const withoutIgnores = () => layerLinter({ ignore: false });

  beforeAll(() => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'a.ts'), "import { b } from './b.ts';\nexport const a = () => b;\n");
    writeFileSync(path.join(dir, 'b.ts'), "import { a } from './a.ts';\nexport const b = () => a;\n");
    writeFileSync(path.join(dir, 'c.ts'), "import type { d } from './d.ts';\nexport const c = (x: typeof d) => x;\n");
    writeFileSync(path.join(dir, 'd.ts'), "import { c } from './c.ts';\nexport const d = c;\n");
    writeFileSync(path.join(dir, 'e.ts'), "import { contract } from '@crm/contracts';\nexport const e = contract;\n");
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('fails a two-file cycle', async () => {
    const messages = await lint("import { b } from './b.ts';\nexport const a = () => b;\n", rel('a.ts'), withoutIgnores());
    expect(rules(messages)).toEqual(['import-x/no-cycle']);
    expect(messages[0]!.severity).toBe(2);
  });

  it('fails a cycle that runs through another workspace package (resolved through its package.json exports)', async () => {
    // The fixture e.ts imports `@crm/contracts`; contracts/src/index.ts importing e.ts back closes the circle
    // through the package's `exports` (the resolver must follow the workspace symlink to contracts/src).
    const contractsIndex = 'contracts/src/index.ts';
    const messages = await lint(
      `export * from './platform/domain-error.ts';\nimport { e } from '../../${rel('e.ts')}';\nexport const loop = e;\n`,
      contractsIndex,
      withoutIgnores(),
    );
    expect(rules(messages)).toContain('import-x/no-cycle');
  });

  it('does not count a type-only import as a cycle (it is erased at runtime)', async () => {
    const messages = await lint("import { c } from './c.ts';\nexport const d = c;\n", rel('d.ts'), withoutIgnores());
    expect(messages).toEqual([]);
  });

  it('keeps the fixture out of `npm run lint` (it is ignored there)', async () => {
    const [result] = await layerLinter().lintFiles([rel('a.ts')]);
    expect(result!.messages.map((m) => m.ruleId)).toEqual([null]);
    expect(result!.messages[0]!.message).toMatch(/ignored/i);
  });
});

describe('the real tree', () => {
  const PACKAGES = ['contracts/src', 'services/src', 'projections/src', 'workers/src'];
  let results: ESLint.LintResult[] = [];
  const report = (ruleIds: string[]) =>
    results.flatMap((r) =>
      r.messages
        .filter((m) => ruleIds.includes(m.ruleId ?? ''))
        .map((m) => `${path.relative(root, r.filePath)}:${m.line} ${m.ruleId}: ${m.message.split('. ')[0]}`),
    );

  beforeAll(async () => {
    // One pass over the four packages: the layer rules as configured, plus import-x/no-unresolved (an import the
    // resolver cannot follow would silently hide a cycle from import-x/no-cycle).
    const eslint = new ESLint({
      cwd: root,
      overrideConfigFile: path.join(root, 'eslint.config.js'),
      overrideConfig: { files: PACKAGES.map((p) => `${p}/**/*.{ts,tsx}`), rules: { 'import-x/no-unresolved': 'error' } },
      ruleFilter: ({ ruleId }) => LAYER_RULES.has(ruleId) || ruleId === 'import-x/no-unresolved',
    });
    results = await eslint.lintFiles(PACKAGES);
  }, 120_000);

  it('has no layer violation and no import cycle in contracts, services, projections and workers', () => {
    expect(results.length).toBeGreaterThan(100);
    expect(report([...LAYER_RULES])).toEqual([]);
  });

  it('resolves every import in those packages, so the cycle check sees the whole graph', () => {
    expect(report(['import-x/no-unresolved'])).toEqual([]);
  });
});
