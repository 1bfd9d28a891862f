import type { Logger } from 'pino';
import { loadConfig } from './config/config.ts';
import { createLogger, startPlatform } from './app/platform.ts';
import { EmbeddedPostgresStartError } from './db/embedded-postgres.ts';

/** What to tell a person whose start failed for a reason they can fix (null: an unexpected error). */
function startProblem(err: unknown, port: number): string | null {
  if (err instanceof EmbeddedPostgresStartError) return err.message;
  const code = (err as NodeJS.ErrnoException | null)?.code;
  if (code === 'EADDRINUSE' || code === 'EACCES') {
    return `Cannot listen on port ${port}: ${code === 'EADDRINUSE' ? 'it is already in use (another copy of this app?)' : 'permission denied'}. Stop that process, or set PORT to a free port (e.g. PORT=${port + 1} npm start).`;
  }
  return null;
}

/** `npm start`: every role in one process on the embedded default; ROLE=api|projector|worker for one role. */
async function main() {
  const config = loadConfig();
  const log = createLogger(config.logLevel);
  let platform: Awaited<ReturnType<typeof startPlatform>>;
  try {
    platform = await startPlatform(config, { log });
  } catch (err) {
    failStart(log, err, config.port);
    return;
  }
  const admin = platform.bootstrappedAdmin;
  if (admin?.generatedPassword) {
    // Printed once, on the console only: the password is not stored anywhere in clear.
    console.log(`\n  First admin created: ${admin.email}\n  Password (shown once): ${admin.generatedPassword}\n`);
  }
  if (platform.url) console.log(`  CRM platform ready on ${platform.url.replace('127.0.0.1', 'localhost')}`);

  let signalled = false;
  const shutdown = (signal: string) => {
    // A second Ctrl+C while draining changes nothing: the drain finishes, then the process exits.
    if (signalled) return;
    signalled = true;
    platform.log.info({ signal }, 'draining');
    platform
      .stop()
      .then(() => {
        platform.log.info('stopped');
        process.exit(0);
      })
      .catch((err: unknown) => {
        platform.log.error({ err }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

function failStart(log: Logger, err: unknown, port: number): never {
  const problem = startProblem(err, port);
  if (problem) log.error(problem);
  else log.error({ err }, `Start-up failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}

main().catch((err: unknown) => {
  // Before a logger exists (e.g. the configuration is invalid): the message alone.
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
