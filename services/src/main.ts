import { loadConfig } from './config/config.ts';
import { startPlatform } from './app/platform.ts';

/** `npm start`: every role in one process on the embedded default; ROLE=api|projector|worker for one role. */
async function main() {
  const config = loadConfig();
  const platform = await startPlatform(config);
  const admin = platform.bootstrappedAdmin;
  if (admin?.generatedPassword) {
    // Printed once, on the console only: the password is not stored anywhere in clear.
    console.log(`\n  First admin created: ${admin.email}\n  Password (shown once): ${admin.generatedPassword}\n`);
  }
  if (platform.url) console.log(`  CRM platform ready on ${platform.url.replace('127.0.0.1', 'localhost')}${config.port !== 0 ? '' : ''}`);

  let signalled = false;
  const shutdown = (signal: string) => {
    if (signalled) return;
    signalled = true;
    platform.log.info({ signal }, 'draining');
    platform
      .stop()
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        platform.log.error({ err }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
