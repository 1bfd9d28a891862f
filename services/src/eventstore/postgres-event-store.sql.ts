/**
 * Event store schema for PostgreSQL. Ordering without gaps (STACK.md "The event store contract"):
 * each row records the id of the transaction that wrote it; readers only see rows whose transaction
 * id is below the read horizon, ordered by (transaction_id, global_position). A late commit therefore
 * can never be skipped.
 *
 * The read horizon (`es_read_horizon()`) is the oldest transaction still running that is, or may become, an
 * append: an append declares itself before its first write (`es_declare_appender()`: `application_name` set to
 * 'crm-es-append' for the transaction, visible in pg_stat_activity), so a running transaction whose backend
 * shows another name and a transaction id of its own can never write an event and is passed over, as is an
 * append in another database of the cluster (another store: a test run's parallel files, a second install). Without that,
 * the horizon was the cluster's oldest running transaction (`pg_snapshot_xmin`): a queue job, a projection's
 * batch or another database's work held back every committed event until it ended (9–18 ms at p50 and
 * 44–168 ms at p99 under the booking load). A transaction seen in the snapshot but ended by the time
 * pg_stat_activity is read is counted as an append (it may have been one): the next read passes it. An append
 * must therefore be its transaction's first write (`ES001` otherwise), or a reader could have passed over its
 * transaction id while it was still "another writer".
 * Appending is one function call: one round trip, one short transaction. It sends no NOTIFY: a
 * NOTIFY takes a cluster-wide lock held through the commit's WAL flush, which would serialise every
 * append and defeat group commit. The adapter notifies after commit instead (coalesced).
 *
 * Group commit: `es_append_many` writes several appends (to any streams) in the caller's ONE transaction,
 * in the order given, checking each one's expected version on its own. A conflicting append writes
 * nothing and is reported in its result row (`conflict`: the stream's actual version, or 'no_stream');
 * the others still commit. The adapter sorts a batch by stream id (stable) so that two batches lock
 * `es_streams` rows in the same order and cannot deadlock. Every event of a batch shares its transaction
 * id, and positions follow the order of the items, so the global order stays gap-free and commit-ordered.
 */
export const EVENT_STORE_SCHEMA_SQL = /* sql */ `
CREATE TABLE IF NOT EXISTS es_streams (
  stream_id text PRIMARY KEY,
  version bigint NOT NULL
);

CREATE TABLE IF NOT EXISTS es_events (
  global_position bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
  event_id uuid NOT NULL UNIQUE,
  stream_id text NOT NULL,
  stream_version bigint NOT NULL,
  type text NOT NULL,
  schema_version integer NOT NULL,
  data jsonb NOT NULL,
  metadata jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  UNIQUE (stream_id, stream_version)
);
CREATE INDEX IF NOT EXISTS es_events_order ON es_events (transaction_id, global_position);

-- Marks the transaction as an append before it takes a transaction id (see the read horizon above).
CREATE OR REPLACE FUNCTION es_declare_appender() RETURNS void
LANGUAGE plpgsql AS $fn$
BEGIN
  IF current_setting('application_name') IS DISTINCT FROM 'crm-es-append' THEN
    IF pg_current_xact_id_if_assigned() IS NOT NULL THEN
      RAISE EXCEPTION 'an append must be the first write of its transaction' USING ERRCODE = 'ES001';
    END IF;
    PERFORM set_config('application_name', 'crm-es-append', true);
  END IF;
END
$fn$;

-- Events of transactions below this are committed or never will be: the oldest running transaction that is (or
-- may be) an append to this database's store, else the snapshot's xmax. Transaction ids are the cluster's: an
-- append in another database (another store on the same server) is passed over like any other writer.
-- Transaction ids compared modulo 2^32 (pg_stat_activity shows xid).
-- PL/pgSQL, not SQL: a SQL function whose body holds a subquery is not inlined, and its body was planned again at
-- every call (0.19 ms of a 0.21 ms call); PL/pgSQL keeps the plans for the connection. With no transaction running
-- the backends are not read at all. STABLE: it runs in the calling query's snapshot.
CREATE OR REPLACE FUNCTION es_read_horizon() RETURNS xid8
LANGUAGE plpgsql STABLE AS $fn$
DECLARE
  snap pg_snapshot := pg_current_snapshot();
  horizon xid8;
BEGIN
  IF NOT EXISTS (SELECT FROM pg_snapshot_xip(snap)) THEN
    RETURN pg_snapshot_xmax(snap);
  END IF;
  SELECT min(x) INTO horizon FROM pg_snapshot_xip(snap) AS x
   WHERE (x::text::bigint % 4294967296) NOT IN (
     SELECT a.backend_xid::text::bigint FROM pg_stat_get_activity(NULL) AS a
      WHERE a.backend_xid IS NOT NULL
        AND (a.application_name IS DISTINCT FROM 'crm-es-append'
             OR a.datid IS DISTINCT FROM (SELECT d.oid FROM pg_database d WHERE d.datname = current_database())));
  RETURN coalesce(horizon, pg_snapshot_xmax(snap));
END
$fn$;

CREATE OR REPLACE FUNCTION es_append(
  p_stream text, p_mode text, p_expected bigint,
  p_ids uuid[], p_types text[], p_schema_versions integer[], p_data jsonb[], p_metadata jsonb[]
) RETURNS TABLE (next_version bigint, last_tx text, last_position bigint)
LANGUAGE plpgsql AS $fn$
DECLARE
  cur bigint;
  n integer := coalesce(array_length(p_ids, 1), 0);
BEGIN
  PERFORM es_declare_appender();
  SELECT s.version INTO cur FROM es_streams s WHERE s.stream_id = p_stream FOR UPDATE;
  IF FOUND THEN
    IF p_mode = 'no_stream' OR (p_mode = 'exact' AND cur <> p_expected) THEN
      RAISE EXCEPTION 'wrong expected version' USING ERRCODE = 'ES409', DETAIL = cur::text;
    END IF;
    UPDATE es_streams SET version = cur + n WHERE stream_id = p_stream;
  ELSE
    IF p_mode = 'exact' THEN
      RAISE EXCEPTION 'wrong expected version' USING ERRCODE = 'ES409', DETAIL = 'no_stream';
    END IF;
    cur := -1;
    INSERT INTO es_streams (stream_id, version) VALUES (p_stream, n - 1) ON CONFLICT (stream_id) DO NOTHING;
    IF NOT FOUND THEN
      -- created by a concurrent transaction that has committed meanwhile
      SELECT s.version INTO cur FROM es_streams s WHERE s.stream_id = p_stream FOR UPDATE;
      IF p_mode = 'no_stream' THEN
        RAISE EXCEPTION 'wrong expected version' USING ERRCODE = 'ES409', DETAIL = cur::text;
      END IF;
      UPDATE es_streams SET version = cur + n WHERE stream_id = p_stream;
    END IF;
  END IF;

  RETURN QUERY
  WITH inserted AS (
    INSERT INTO es_events (event_id, stream_id, stream_version, type, schema_version, data, metadata)
    SELECT e.id, p_stream, cur + e.ord, e.type, e.sv, e.data, e.meta
    FROM unnest(p_ids, p_types, p_schema_versions, p_data, p_metadata) WITH ORDINALITY AS e(id, type, sv, data, meta, ord)
    ORDER BY e.ord
    RETURNING es_events.global_position
  )
  SELECT cur + n, pg_current_xact_id()::text, max(inserted.global_position) FROM inserted;
END
$fn$;

CREATE OR REPLACE FUNCTION es_append_many(
  p_streams text[], p_modes text[], p_expected bigint[], p_counts integer[],
  p_ids uuid[], p_types text[], p_schema_versions integer[], p_data jsonb[], p_metadata jsonb[]
) RETURNS TABLE (item integer, next_version bigint, conflict text, last_tx text, last_position bigint)
LANGUAGE plpgsql AS $fn$
DECLARE
  tx text;
  off integer := 0;
  i integer;
  n integer;
  s text;
  m text;
  cur bigint;
  created boolean;
BEGIN
  PERFORM es_declare_appender();
  tx := pg_current_xact_id()::text;
  FOR i IN 1 .. coalesce(array_length(p_streams, 1), 0) LOOP
    s := p_streams[i];
    m := p_modes[i];
    n := p_counts[i];
    item := i;
    next_version := NULL;
    conflict := NULL;
    last_tx := tx;
    last_position := NULL;
    created := false;
    SELECT st.version INTO cur FROM es_streams st WHERE st.stream_id = s FOR UPDATE;
    IF FOUND THEN
      IF m = 'no_stream' OR (m = 'exact' AND cur <> p_expected[i]) THEN
        conflict := cur::text;
      END IF;
    ELSIF m = 'exact' THEN
      conflict := 'no_stream';
    ELSE
      INSERT INTO es_streams (stream_id, version) VALUES (s, n - 1) ON CONFLICT (stream_id) DO NOTHING;
      IF FOUND THEN
        cur := -1;
        created := true;
      ELSE
        -- created by a concurrent transaction that has committed meanwhile
        SELECT st.version INTO cur FROM es_streams st WHERE st.stream_id = s FOR UPDATE;
        IF m = 'no_stream' THEN
          conflict := cur::text;
        END IF;
      END IF;
    END IF;

    IF conflict IS NULL THEN
      IF NOT created THEN
        UPDATE es_streams SET version = cur + n WHERE stream_id = s;
      END IF;
      WITH inserted AS (
        INSERT INTO es_events (event_id, stream_id, stream_version, type, schema_version, data, metadata)
        SELECT e.id, s, cur + e.ord, e.type, e.sv, e.data, e.meta
        FROM unnest(p_ids[off + 1 : off + n], p_types[off + 1 : off + n], p_schema_versions[off + 1 : off + n],
                    p_data[off + 1 : off + n], p_metadata[off + 1 : off + n])
             WITH ORDINALITY AS e(id, type, sv, data, meta, ord)
        ORDER BY e.ord
        RETURNING es_events.global_position
      )
      SELECT max(inserted.global_position) INTO last_position FROM inserted;
      next_version := cur + n;
    END IF;
    off := off + n;
    RETURN NEXT;
  END LOOP;
END
$fn$;
`;
