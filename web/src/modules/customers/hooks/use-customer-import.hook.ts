import { useCallback, useRef, useState } from 'react';
import { describeApiError } from '../../api/api-error.util.ts';
import { trpc } from '../../api/trpc.client.ts';
import { IMPORT_CHUNK, rowPayload, type ColumnMapping, type ImportRowError } from '../utils/csv-import.util.ts';

export type ImportPhase = 'idle' | 'running' | 'done' | 'stopped' | 'failed';

export interface ImportProgress {
  phase: ImportPhase;
  done: number;
  total: number;
  imported: { row: number; id: string; name: string }[];
  errors: ImportRowError[];
  /** Why a chunk failed as a whole (network, permission), when phase is failed. */
  reason: string | null;
}

const IDLE: ImportProgress = { phase: 'idle', done: 0, total: 0, imported: [], errors: [], reason: null };

/**
 * Sends the mapped CSV rows to `customers.importRows` in chunks of at most 500 (each row its own command on the
 * server); progress after each chunk; `stop()` ends the run between chunks.
 */
export function useCustomerImport() {
  const utils = trpc.useUtils();
  const importRows = trpc.customers.importRows.useMutation();
  const [progress, setProgress] = useState<ImportProgress>(IDLE);
  const stopRequested = useRef(false);

  const start = useCallback(
    async (records: readonly string[][], mapping: ColumnMapping) => {
      stopRequested.current = false;
      const total = records.length;
      let state: ImportProgress = { ...IDLE, phase: 'running', total };
      setProgress(state);
      for (let offset = 0; offset < total; offset += IMPORT_CHUNK) {
        if (stopRequested.current) {
          state = { ...state, phase: 'stopped' };
          break;
        }
        const chunk = records.slice(offset, offset + IMPORT_CHUNK);
        const rows = chunk.map((record) => rowPayload(record, mapping));
        try {
          const { results } = await importRows.mutateAsync({ rows, firstRow: offset + 1 });
          const imported = [...state.imported];
          const errors = [...state.errors];
          for (const result of results) {
            if (result.ok) imported.push({ row: result.row, id: result.id, name: String(rows[result.row - offset - 1]?.name ?? '') });
            else errors.push({ row: result.row, errors: result.errors });
          }
          state = { ...state, done: offset + chunk.length, imported, errors };
          setProgress(state);
        } catch (caught) {
          const failure = describeApiError(caught);
          state = { ...state, phase: 'failed', reason: failure.kind === 'server' ? failure.message : null };
          break;
        }
      }
      if (state.phase === 'running') state = { ...state, phase: 'done' };
      setProgress(state);
      await utils.customers.list.invalidate();
    },
    [importRows, utils],
  );

  const stop = useCallback(() => {
    stopRequested.current = true;
  }, []);
  const reset = useCallback(() => setProgress(IDLE), []);

  return { progress, start, stop, reset };
}
