/**
 * The status recorder's samples (one row per service per check) and their daily roll-up, kept by a
 * trigger so the 90-day bars read about 360 rows instead of half a million samples. Incidents are read
 * from the non-operational samples only (partial index).
 */
export const STATUS_SCHEMA_SQL = /* sql */ `
CREATE TABLE IF NOT EXISTS status_samples (
  service text NOT NULL,
  at timestamptz NOT NULL,
  state text NOT NULL CHECK (state IN ('operational', 'degraded', 'outage')),
  response_ms integer,
  PRIMARY KEY (service, at)
);
CREATE INDEX IF NOT EXISTS status_samples_at ON status_samples (at);
CREATE INDEX IF NOT EXISTS status_samples_not_operational ON status_samples (at) WHERE state <> 'operational';

CREATE TABLE IF NOT EXISTS status_daily (
  service text NOT NULL,
  day date NOT NULL,
  operational integer NOT NULL DEFAULT 0,
  degraded integer NOT NULL DEFAULT 0,
  outage integer NOT NULL DEFAULT 0,
  PRIMARY KEY (service, day)
);

CREATE OR REPLACE FUNCTION status_daily_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO status_daily AS d (service, day, operational, degraded, outage)
  VALUES (NEW.service, (NEW.at AT TIME ZONE 'UTC')::date,
          (NEW.state = 'operational')::int, (NEW.state = 'degraded')::int, (NEW.state = 'outage')::int)
  ON CONFLICT (service, day) DO UPDATE SET
    operational = d.operational + EXCLUDED.operational,
    degraded = d.degraded + EXCLUDED.degraded,
    outage = d.outage + EXCLUDED.outage;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER status_samples_daily AFTER INSERT ON status_samples
  FOR EACH ROW EXECUTE FUNCTION status_daily_count();

-- Samples recorded before the roll-up existed.
INSERT INTO status_daily (service, day, operational, degraded, outage)
SELECT service, (at AT TIME ZONE 'UTC')::date,
       count(*) FILTER (WHERE state = 'operational'), count(*) FILTER (WHERE state = 'degraded'), count(*) FILTER (WHERE state = 'outage')
  FROM status_samples
 WHERE NOT EXISTS (SELECT 1 FROM status_daily)
 GROUP BY 1, 2;
`;
