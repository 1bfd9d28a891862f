/**
 * `npm run rebuild -- <projection>|--all`: rebuilds into a new generation while the API keeps serving
 * the old one, then swaps. Progress goes to stderr (a bar on a terminal, plain lines otherwise).
 */
import type pg from 'pg';
import cliProgress from 'cli-progress';
import type { EventStore } from '@crm/contracts';
import { findProjection, projections } from './registry.ts';
import type { ProjectionDefinition } from './runner/projection.ts';
import { rebuildProjection } from './runner/rebuild.ts';

export interface RebuildCliDeps {
  pool: pg.Pool;
  store: EventStore;
  /** Counts the events to replay (e.g. `SELECT count(*) FROM es_events`); default: counted through the store. */
  countEvents?: () => Promise<number>;
  batchSize?: number;
  stdout?: NodeJS.WritableStream;
  stderr?: NodeJS.WritableStream & { isTTY?: boolean };
  /** Defaults to the platform's registry. */
  projections?: readonly ProjectionDefinition[];
}

const USAGE = 'usage: rebuild <projection>|--all [--batch-size N]';

/** Returns the process exit code (0 ok, 1 failure, 2 usage / unknown projection). */
export async function runRebuildCli(argv: string[], deps: RebuildCliDeps): Promise<number> {
  const out = deps.stdout ?? process.stdout;
  const err = deps.stderr ?? process.stderr;
  const known = deps.projections ?? projections;
  const find = (name: string) => (deps.projections ? known.find((p) => p.name === name) : findProjection(name));

  let batchSize = deps.batchSize;
  const names: string[] = [];
  let all = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--all') all = true;
    else if (arg === '--batch-size') {
      batchSize = Number(argv[++i]);
      if (!Number.isInteger(batchSize) || batchSize < 1) {
        err.write(`--batch-size needs a positive integer\n${USAGE}\n`);
        return 2;
      }
    } else if (arg === '--help' || arg === '-h') {
      out.write(`${USAGE}\nprojections: ${known.map((p) => p.name).join(', ')}\n`);
      return 0;
    } else names.push(arg);
  }
  if (!all && names.length === 0) {
    err.write(`${USAGE}\nprojections: ${known.map((p) => p.name).join(', ')}\n`);
    return 2;
  }
  const selected: ProjectionDefinition[] = [];
  if (all) selected.push(...known);
  for (const name of names) {
    const def = find(name);
    if (!def) {
      err.write(`Unknown projection "${name}". Known projections: ${known.map((p) => p.name).join(', ')}\n`);
      return 2;
    }
    if (!selected.includes(def)) selected.push(def);
  }

  for (const def of selected) {
    const progress = createProgress(def.name, err);
    try {
      const result = await rebuildProjection(def, {
        pool: deps.pool,
        store: deps.store,
        ...(batchSize ? { batchSize } : {}),
        ...(deps.countEvents ? { total: deps.countEvents } : {}),
        onProgress: progress.update,
      });
      progress.stop();
      out.write(
        `${def.name}: rebuilt ${result.events} events in ${result.seconds.toFixed(1)} s ` +
          `(${result.eventsPerSec.toLocaleString('en-US')} events/s), generation ${result.previousGeneration} → ${result.generation}; ` +
          `stages: ${Object.entries(result.stages)
            .map(([stage, s]) => `${stage} ${s.toFixed(1)} s`)
            .join(', ')}\n`,
      );
    } catch (e) {
      progress.stop();
      err.write(`${def.name}: rebuild failed: ${e instanceof Error ? e.message : String(e)}\n`);
      return 1;
    }
  }
  return 0;
}

function createProgress(name: string, stream: NodeJS.WritableStream & { isTTY?: boolean }) {
  if (stream.isTTY) {
    const bar = new cliProgress.SingleBar(
      {
        stream,
        format: `${name} [{bar}] {percentage}% | {value}/{total} events | {rate} events/s | ETA {eta_formatted}`,
        hideCursor: true,
      },
      cliProgress.Presets.shades_classic,
    );
    let started = false;
    return {
      update(done: number, total: number, rate: number) {
        if (!started) {
          bar.start(total, done, { rate });
          started = true;
        } else {
          bar.setTotal(total);
          bar.update(done, { rate });
        }
      },
      stop() {
        if (started) bar.stop();
      },
    };
  }
  // Not a terminal (CI, logs): a plain line at most every second, plus the first and the last.
  let lastLine = 0;
  let lastDone = -1;
  return {
    update(done: number, total: number, rate: number) {
      const now = Date.now();
      if (done === lastDone || (now - lastLine < 1000 && done !== 0 && done < total)) return;
      lastLine = now;
      lastDone = done;
      const pct = total > 0 ? Math.floor((done / total) * 100) : 100;
      stream.write(`${name}: ${done}/${total} events (${pct}%) ${rate} events/s\n`);
    },
    stop() {},
  };
}
