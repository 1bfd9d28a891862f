/**
 * The raw single-row INSERT rate of the PostgreSQL under test: the ceiling any event-sourced write path
 * can approach (one commit per request). pgbench with a one-INSERT custom script when available, else a
 * Node `pg` loop with the same number of connections.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { binaryVersion, findPgBinary } from './postgres.ts';
import { onCleanup, spawnTracked, stopChild } from './processes.ts';
import { timedProgress } from './progress.ts';

export interface InsertCeiling {
  tps: number;
  /** Mean latency per INSERT transaction. */
  latencyMs: number | null;
  clients: number;
  threads: number;
  seconds: number;
  method: string;
}

const TABLE = 'bench_insert_ceiling';

export async function measureInsertCeiling(options: {
  root: string;
  databaseUrl: string;
  seconds: number;
  clients?: number;
  threads?: number;
}): Promise<InsertCeiling> {
  const clients = options.clients ?? 32;
  const threads = options.threads ?? 2;
  const admin = new pg.Client({ connectionString: options.databaseUrl });
  await admin.connect();
  try {
    await admin.query(`DROP TABLE IF EXISTS ${TABLE}`);
    await admin.query(
      `CREATE TABLE ${TABLE} (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, payload text NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`,
    );
    const pgbench = findPgBinary(options.root, 'pgbench');
    if (pgbench) return await viaPgbench(pgbench, { ...options, clients, threads });
    return await viaNode({ ...options, clients, threads });
  } finally {
    await admin.query(`DROP TABLE IF EXISTS ${TABLE}`).catch(() => {});
    await admin.end().catch(() => {});
  }
}

async function viaPgbench(
  bin: string,
  options: { databaseUrl: string; seconds: number; clients: number; threads: number },
): Promise<InsertCeiling> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-pgbench-'));
  const removeDir = () => rmSync(dir, { recursive: true, force: true });
  const unregisterDir = onCleanup('pgbench script', removeDir);
  const script = path.join(dir, 'insert.sql');
  writeFileSync(script, `\\set n random(1, 1000000000)\nINSERT INTO ${TABLE} (payload) VALUES ('row ' || :n);\n`);
  const url = new URL(options.databaseUrl);
  const args = [
    '-n', // no vacuum of the pgbench_* tables (they do not exist)
    '-c', String(options.clients),
    '-j', String(options.threads),
    '-T', String(options.seconds),
    '-P', '1',
    '-f', script,
    '-h', url.hostname,
    '-p', url.port,
    '-U', decodeURIComponent(url.username),
    url.pathname.slice(1),
  ];
  const child = spawnTracked(bin, args, {
    env: { ...process.env, PGPASSWORD: decodeURIComponent(url.password) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const unregister = onCleanup('pgbench', async () => {
    await stopChild(child, 'SIGTERM', 5000, false);
  });
  let stdout = '';
  let stderr = '';
  let lastTps = '';
  child.stdout?.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr?.on('data', (c: Buffer) => {
    stderr += c.toString();
    const m = [...c.toString().matchAll(/progress: [\d.]+ s, ([\d.]+) tps/g)].at(-1);
    if (m) lastTps = `${Math.round(Number(m[1])).toLocaleString('en-US')} tps`;
  });
  const progress = timedProgress('raw INSERT ceiling (pgbench)', options.seconds, () => lastTps);
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (c) => resolve(c));
  }).finally(() => {
    progress.stop();
    unregister();
    unregisterDir();
    removeDir();
  });
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout) ?? /tps = ([\d.]+)/.exec(stdout);
  if (code !== 0 || !tps) {
    throw new Error(`pgbench failed (exit ${code}):\n${stdout}\n${stderr.split('\n').filter((l) => !l.startsWith('progress:')).join('\n')}`);
  }
  const latency = /latency average = ([\d.]+) ms/.exec(stdout);
  return {
    tps: Number(tps[1]),
    latencyMs: latency ? Number(latency[1]) : null,
    clients: options.clients,
    threads: options.threads,
    seconds: options.seconds,
    method: `${binaryVersion(bin).replace(/^pgbench \(PostgreSQL\)/, 'pgbench')}, custom script: one INSERT per transaction`,
  };
}

async function viaNode(options: { databaseUrl: string; seconds: number; clients: number; threads: number }): Promise<InsertCeiling> {
  const clients = await Promise.all(
    Array.from({ length: options.clients }, async () => {
      const c = new pg.Client({ connectionString: options.databaseUrl });
      await c.connect();
      return c;
    }),
  );
  let count = 0;
  let latencySum = 0;
  const progress = timedProgress('raw INSERT ceiling (node pg)', options.seconds, () => `${count.toLocaleString('en-US')} rows`);
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  try {
    await Promise.all(
      clients.map(async (c, i) => {
        let n = 0;
        while (performance.now() < deadline) {
          const t = performance.now();
          await c.query({ name: 'ceiling-insert', text: `INSERT INTO ${TABLE} (payload) VALUES ($1)`, values: [`row ${i}-${n++}`] });
          latencySum += performance.now() - t;
          count++;
        }
      }),
    );
  } finally {
    progress.stop();
    await Promise.all(clients.map((c) => c.end().catch(() => {})));
  }
  const seconds = (performance.now() - started) / 1000;
  return {
    tps: count / seconds,
    latencyMs: count ? latencySum / count : null,
    clients: options.clients,
    threads: 1,
    seconds: options.seconds,
    method: 'Node pg loop (no pgbench found), one INSERT per round trip (autocommit)',
  };
}
