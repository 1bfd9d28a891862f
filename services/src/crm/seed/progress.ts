/** Progress of one seeding phase: a bar with rate and ETA on a terminal, a line every few seconds otherwise. */
import cliProgress from 'cli-progress';

export interface SeedProgress {
  update(done: number): void;
  stop(): void;
}

export type ProgressFactory = (label: string, total: number, unit: string) => SeedProgress;

export const silentProgress: ProgressFactory = () => ({ update() {}, stop() {} });

export function terminalProgress(stream: NodeJS.WriteStream = process.stderr): ProgressFactory {
  return (label, total, unit) => {
    const started = performance.now();
    const rate = (done: number) => {
      const s = (performance.now() - started) / 1000;
      return s > 0 ? Math.round(done / s) : 0;
    };
    if (stream.isTTY) {
      const bar = new cliProgress.SingleBar(
        {
          stream,
          format: `  ${label.padEnd(22)} [{bar}] {percentage}% | {value}/{total} ${unit} | {rate}/s | ETA {eta_formatted}`,
          hideCursor: true,
          barsize: 24,
          etaBuffer: 50,
          fps: 5,
        },
        cliProgress.Presets.shades_classic,
      );
      bar.start(Math.max(total, 1), 0, { rate: 0 });
      let stopped = false;
      return {
        update(done) {
          if (!stopped) bar.update(done, { rate: rate(done) });
        },
        stop() {
          if (stopped) return;
          stopped = true;
          bar.stop();
        },
      };
    }
    let last = 0;
    return {
      update(done) {
        const now = Date.now();
        if (now - last < 3000 && done < total) return;
        last = now;
        const r = rate(done);
        const eta = r > 0 ? Math.round((total - done) / r) : null;
        stream.write(`  ${label}: ${done}/${total} ${unit} (${total > 0 ? Math.floor((done / total) * 100) : 100}%), ${r}/s${eta !== null && done < total ? `, ETA ${eta} s` : ''}\n`);
      },
      stop() {},
    };
  };
}
