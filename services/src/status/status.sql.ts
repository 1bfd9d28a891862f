/** One row per service per check of the status recorder (services/src/status/status-recorder.ts). */
export const STATUS_SCHEMA_SQL = /* sql */ `
CREATE TABLE IF NOT EXISTS status_samples (
  service text NOT NULL,
  at timestamptz NOT NULL,
  state text NOT NULL CHECK (state IN ('operational', 'degraded', 'outage')),
  response_ms integer,
  PRIMARY KEY (service, at)
);
CREATE INDEX IF NOT EXISTS status_samples_at ON status_samples (at);
`;
