/**
 * After `vite build`: precompresses every asset (gzip and brotli, served by @fastify/static's preCompressed),
 * and measures the landing page's JavaScript against its budget (issue 4: at most 180 KB gzipped).
 *
 * "What the landing page downloads" = the entry chunk, every chunk it imports statically (transitively),
 * and the largest language dictionary (one is loaded at start). Lazy pages are not counted: `/` does not
 * download them. Writes dist/bundle-report.json; exits 1 when the budget is exceeded.
 *
 * "What the admin shell downloads first" (issue 12 §3, measured, no budget yet) = the landing's set, plus the
 * admin page chunk and every chunk it imports statically (the shell, sidebar, area manifests), plus the
 * dictionaries the admin loads before its first area shows: the login form's (`security`) and the first area's
 * (the first entry of ADMIN_AREAS in web/src/modules/admin-areas.ts: the namespaces its area manifest lists),
 * each in its largest language.
 * The areas' panels are lazy chunks and are not counted.
 */
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const BUDGET_BYTES = 180 * 1024;
const dist = path.resolve(import.meta.dirname, '../dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

const gzipSize = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;

// 1. Precompress (text assets only; tiny files are not worth it).
for (const name of readdirSync(path.join(dist, 'assets'))) {
  if (!/\.(js|css|svg|json)$/.test(name)) continue;
  const file = path.join(dist, 'assets', name);
  const body = readFileSync(file);
  if (body.length < 1024) continue;
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
}

// 2. The landing page's JavaScript.
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const seen = new Set();
const visit = (key) => {
  if (seen.has(key)) return;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) visit(dep);
};
visit(entryKey);
const staticFiles = [...seen].map((k) => manifest[k].file);
const dictionaries = Object.entries(manifest)
  .filter(([key]) => /src\/i18n\/(en|ar|fr)\/index\.ts$/.test(key))
  .map(([key, chunk]) => ({ locale: key.split('/').at(-2), file: chunk.file, gzip: gzipSize(chunk.file) }));
const largestDictionary = dictionaries.reduce((a, b) => (b.gzip > a.gzip ? b : a), { gzip: 0 });
const chunks = staticFiles.map((file) => ({ file, bytes: statSync(path.join(dist, file)).size, gzip: gzipSize(file) }));
const totalGzip = chunks.reduce((sum, c) => sum + c.gzip, 0) + largestDictionary.gzip;

// 3. The admin shell's initial JavaScript.
const adminKey = Object.keys(manifest).find((k) => /src\/pages\/admin\.page\.tsx$/.test(k));
if (!adminKey) throw new Error('post-build: the admin page chunk is missing from the manifest');
const adminSeen = new Set(seen);
const visitAdmin = (key) => {
  if (adminSeen.has(key)) return;
  adminSeen.add(key);
  for (const dep of manifest[key].imports ?? []) visitAdmin(dep);
};
visitAdmin(adminKey);
const adminChunks = [...adminSeen].map((k) => manifest[k].file).map((file) => ({ file, bytes: statSync(path.join(dist, file)).size, gzip: gzipSize(file) }));
// The first area of the list (what /admin lands on for most roles), read from the sources.
const modulesDir = path.resolve(import.meta.dirname, '../src/modules');
const areasList = readFileSync(path.join(modulesDir, 'admin-areas.ts'), 'utf8');
const firstArea = /ADMIN_AREAS[^=]*=\s*\[\s*(\w+)/.exec(areasList)?.[1];
const firstAreaFile = new RegExp(`import \\{ ${firstArea} \\} from '\\./([^']+)'`).exec(areasList)?.[1];
if (!firstArea || !firstAreaFile) throw new Error('post-build: cannot find the first admin area in admin-areas.ts');
const firstAreaSource = readFileSync(path.join(modulesDir, firstAreaFile), 'utf8');
const firstAreaNamespaces = [...(/namespaces:\s*\[([^\]]*)\]/.exec(firstAreaSource)?.[1] ?? '').matchAll(/'([A-Za-z]+)'/g)].map((m) => m[1]);
const adminNamespaces = ['security', ...firstAreaNamespaces].map((namespace) => {
  const perLocale = Object.entries(manifest)
    .filter(([key]) => new RegExp(`src/i18n/(en|ar|fr)/${namespace}/index\\.ts$`).test(key))
    .map(([key, chunk]) => ({ namespace, locale: key.split('/').at(-3), file: chunk.file, gzip: gzipSize(chunk.file) }));
  if (perLocale.length === 0) throw new Error(`post-build: no chunk for the ${namespace} dictionary`);
  return perLocale.reduce((a, b) => (b.gzip > a.gzip ? b : a));
});
const adminJsGzip = adminChunks.reduce((sum, c) => sum + c.gzip, 0) + largestDictionary.gzip + adminNamespaces.reduce((sum, n) => sum + n.gzip, 0);

const report = {
  budgetBytes: BUDGET_BYTES,
  landingJsGzip: totalGzip,
  chunks,
  dictionaries,
  within: totalGzip <= BUDGET_BYTES,
  adminShell: { jsGzip: adminJsGzip, chunks: adminChunks, namespaces: adminNamespaces },
};
writeFileSync(path.join(dist, 'bundle-report.json'), `${JSON.stringify(report, null, 2)}\n`);
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(`landing page JavaScript: ${kb(totalGzip)} gzipped (budget ${kb(BUDGET_BYTES)}): ${chunks.length} chunks + the ${largestDictionary.locale} dictionary`);
console.log(
  `admin shell initial JavaScript: ${kb(adminJsGzip)} gzipped: ${adminChunks.length} chunks + the ${largestDictionary.locale} dictionary + namespaces ${adminNamespaces.map((n) => `${n.namespace} (${n.locale})`).join(', ')}; area panels are lazy`,
);
if (!report.within) {
  console.error('bundle budget exceeded: see dist/bundle-report.json');
  process.exit(1);
}
