import { z } from 'zod';

/**
 * API_LOG_RETENTION_DAYS (default 30): how long API log rows are kept; API_LOG_SWEEP_MINUTES (default 60): how
 * often the sweep deletes older ones. Read from the environment when the module starts; a bad value is a start-up
 * error naming the variable.
 */
const schema = z.object({
  API_LOG_RETENTION_DAYS: z.coerce.number().positive('must be a positive number of days').max(3650, 'must be at most 3650 days').default(30),
  API_LOG_SWEEP_MINUTES: z.coerce.number().positive('must be a positive number of minutes').max(1440, 'must be at most 1440 minutes').default(60),
});

export interface ApiLogConfig {
  retentionDays: number;
  sweepMinutes: number;
}

export function apiLogConfig(env: NodeJS.ProcessEnv = process.env): ApiLogConfig {
  const parsed = schema.safeParse({ API_LOG_RETENTION_DAYS: env.API_LOG_RETENTION_DAYS || undefined, API_LOG_SWEEP_MINUTES: env.API_LOG_SWEEP_MINUTES || undefined });
  if (!parsed.success) throw new Error(`Invalid configuration:\n${parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`);
  return { retentionDays: parsed.data.API_LOG_RETENTION_DAYS, sweepMinutes: parsed.data.API_LOG_SWEEP_MINUTES };
}
