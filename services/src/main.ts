import type { Logger } from 'pino';
import { loadConfig } from './config/config.ts';
import { createLogger, startPlatform } from './app/platform.ts';
import { CHILD_ROLES, type ChildRole, SUPERVISED_ENV, type Supervisor, followParent, reportReady, startSupervisor } from './app/supervisor.ts';
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

/**
 * `npm start`: this process runs the api role (and the embedded PostgreSQL) and supervises a projector and a
 * worker child process (APP_PROCESSES=split, the default); APP_PROCESSES=single runs every role in this one
 * process; ROLE=api|projector|worker runs that one role.
 */
async function main() {
  const config = loadConfig();
  const supervisedRole = process.env[SUPERVISED_ENV] as ChildRole | undefined;
  // A supervised child's lines say which role wrote them (they share the parent's terminal).
  const log = supervisedRole ? createLogger(config.logLevel).child({ role: supervisedRole }) : createLogger(config.logLevel);
  const supervise = config.role === 'all' && config.processes === 'split';
  let supervisor: Supervisor | null = null;
  let platform: Awaited<ReturnType<typeof startPlatform>>;
  try {
    platform = supervise
      ? await startPlatform({ ...config, role: 'api' }, { log, otherRoles: () => supervisor?.readiness() ?? Object.fromEntries(CHILD_ROLES.map((r) => [r, false])) })
      : await startPlatform(config, { log });
  } catch (err) {
    failStart(log, err, config.port);
    return;
  }
  const admin = platform.bootstrappedAdmin;
  if (admin?.generatedPassword) {
    // Printed once, on the console only: the password is not stored anywhere in clear.
    console.log(`\n  First admin created: ${admin.email}\n  Password (shown once): ${admin.generatedPassword}\n`);
  }
  const announce = () => {
    if (platform.url) console.log(`  CRM platform ready on ${platform.url.replace('127.0.0.1', 'localhost')}`);
  };
  if (supervise) {
    // The children reach the database this process started (or was given), which is migrated by now.
    supervisor = startSupervisor({ script: process.argv[1]!, databaseUrl: platform.databaseUrl, log });
    // "Ready" once the projector and the worker are too (until then /healthz answers 503 and says which is not).
    void supervisor.allReady().then(announce);
  } else announce();
  if (supervisedRole) {
    void platform.ready.then(() => reportReady(supervisedRole));
    followParent(() => shutdown('parent exited'));
  }

  let signalled = false;
  function shutdown(signal: string) {
    // A second Ctrl+C while draining changes nothing: the drain finishes, then the process exits.
    if (signalled) return;
    signalled = true;
    platform.log.info({ signal }, 'draining');
    // The children first (they drain their batches and jobs), then this process's roles and the database.
    Promise.resolve(supervisor?.stop())
      .then(() => platform.stop())
      .then(() => {
        platform.log.info('stopped');
        process.exit(0);
      })
      .catch((err: unknown) => {
        platform.log.error({ err }, 'shutdown failed');
        process.exit(1);
      });
  }
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
