/** A progress bar on a terminal (cli-progress), plain lines every few seconds otherwise (CI, logs). */
import cliProgress from 'cli-progress';

export interface Progress {
  update(value: number, info?: string): void;
  stop(): void;
}

export function createProgress(label: string, total: number, unit: string): Progress {
  const stream = process.stderr;
  if (stream.isTTY) {
    const bar = new cliProgress.SingleBar(
      {
        stream,
        format: `  ${label.padEnd(28)} [{bar}] {percentage}% | {value}/{total} ${unit} | {info}`,
        hideCursor: true,
        barsize: 24,
        etaBuffer: 20,
        fps: 5,
      },
      cliProgress.Presets.shades_classic,
    );
    bar.start(Math.max(total, 1), 0, { info: '' });
    let stopped = false;
    return {
      update(value, info = '') {
        if (stopped) return;
        if (value > bar.getTotal()) bar.setTotal(value);
        bar.update(value, { info });
      },
      stop() {
        if (stopped) return;
        stopped = true;
        bar.stop();
      },
    };
  }
  let last = 0;
  let lastValue = -1;
  return {
    update(value, info = '') {
      const now = Date.now();
      if (value === lastValue || (now - last < 3000 && value < total)) return;
      last = now;
      lastValue = value;
      const pct = total > 0 ? Math.min(100, Math.floor((value / total) * 100)) : 100;
      stream.write(`  ${label}: ${value}/${total} ${unit} (${pct}%)${info ? ` ${info}` : ''}\n`);
    },
    stop() {},
  };
}

/** A progress display over a fixed wall-clock duration (load phases, pgbench). */
export function timedProgress(label: string, seconds: number, info: () => string): { stop(): void } {
  const bar = createProgress(label, Math.max(1, Math.round(seconds)), 's');
  const started = Date.now();
  const timer = setInterval(() => bar.update(Math.min(Math.round(seconds), Math.floor((Date.now() - started) / 1000)), info()), 500);
  return {
    stop() {
      clearInterval(timer);
      bar.update(Math.max(1, Math.round(seconds)), info());
      bar.stop();
    },
  };
}
