/** EMBEDDED_PG_SETTINGS: extra `-c name=value` flags for the embedded PostgreSQL (diagnosis, e.g. pg_stat_statements). */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.ts';
import { extraPostgresFlags } from '../../src/db/embedded-postgres.ts';

describe('extraPostgresFlags (EMBEDDED_PG_SETTINGS)', () => {
  it('adds nothing when unset or blank', () => {
    expect(extraPostgresFlags(undefined)).toEqual([]);
    expect(extraPostgresFlags('  ')).toEqual([]);
  });

  it('turns name=value pairs, separated by spaces or commas, into -c flags; ";" stands for a comma inside a value', () => {
    expect(extraPostgresFlags('shared_preload_libraries=pg_stat_statements;auto_explain, pg_stat_statements.track=all  track_io_timing=on')).toEqual([
      '-c',
      'shared_preload_libraries=pg_stat_statements,auto_explain',
      '-c',
      'pg_stat_statements.track=all',
      '-c',
      'track_io_timing=on',
    ]);
  });

  it('refuses anything that is not name=value (no stray arguments reach the server)', () => {
    expect(() => extraPostgresFlags('fsync=off -D/tmp')).toThrow(/"-D\/tmp" is not name=value/);
    expect(() => extraPostgresFlags('work_mem')).toThrow(/not name=value/);
  });

  it('is read with the rest of the configuration: a bad value stops the start naming it', () => {
    expect(loadConfig({ EMBEDDED_PG_SETTINGS: 'track_io_timing=on' }).embeddedPgFlags).toEqual(['-c', 'track_io_timing=on']);
    expect(loadConfig({}).embeddedPgFlags).toEqual([]);
    expect(() => loadConfig({ EMBEDDED_PG_SETTINGS: 'work_mem' })).toThrow(/EMBEDDED_PG_SETTINGS:.*not name=value/);
  });
});
