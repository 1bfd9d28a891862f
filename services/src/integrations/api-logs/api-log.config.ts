import { z } from 'zod';

/**
 * API_LOG_RETENTION_DAYS (default 30): how long API log rows are kept; API_LOG_SWEEP_MINUTES (default 60): how
 * often the sweep deletes older ones; API_LOG_ENABLED (default true): false only to measure the logging's cost. Read from the environment when the module starts; a bad value is a start-up
 * error naming the variable.
 */
const schema = z.object({
  API_LOG_RETENTION_DAYS: z.coerce.number().positive('must be a positive number of days').max(3650, 'must be at most 3650 days').default(30),
  API_LOG_SWEEP_MINUTES: z.coerce.number().positive('must be a positive number of minutes').max(1440, 'must be at most 1440 minutes').default(60),
  // Off only to measure what logging costs (npm run bench -- api-logs); on in every real deployment.
  API_LOG_ENABLED: z.enum(['0', '1', 'false', 'true'], { error: 'must be true or false' }).default('true'),
});

export interface ApiLogConfig {
  retentionDays: number;
  sweepMinutes: number;
  enabled: boolean;
}

export function apiLogConfig(env: NodeJS.ProcessEnv = process.env): ApiLogConfig {
  const parsed = schema.safeParse({
    API_LOG_RETENTION_DAYS: env.API_LOG_RETENTION_DAYS || undefined,
    API_LOG_SWEEP_MINUTES: env.API_LOG_SWEEP_MINUTES || undefined,
    API_LOG_ENABLED: env.API_LOG_ENABLED || undefined,
  });
  if (!parsed.success) throw new Error(`Invalid configuration:\n${parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`);
  const d = parsed.data;
  return { retentionDays: d.API_LOG_RETENTION_DAYS, sweepMinutes: d.API_LOG_SWEEP_MINUTES, enabled: d.API_LOG_ENABLED === 'true' || d.API_LOG_ENABLED === '1' };
}
