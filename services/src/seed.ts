import { loadConfig } from './config/config.ts';
import { runSeedCli } from './crm/seed/seed-cli.ts';

/** `npm run seed -- --customers N --deals N --tasks N`: CRM demo data through the commands (see seed-cli.ts). */
runSeedCli(process.argv.slice(2), loadConfig())
  .then((code) => process.exit(code))
  .catch((err: unknown) => {
    console.error(err instanceof Error ? (err.stack ?? err.message) : err);
    process.exit(1);
  });
