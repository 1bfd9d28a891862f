import type { CustomerImportRowResult } from '@crm/contracts/customers/customer.input';
import { useCallback, useRef, useState } from 'react';
import type { TranslationFunctions } from '../../../i18n/i18n-types.ts';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { describeApiError } from '../../api/api-error.util.ts';
import { translatedFieldErrors } from '../../api/field-issues.util.ts';
import { domainMessage, serverMessage } from '../../api/server-message.util.ts';
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

/** A refused row's problems per field in the reader's language: its business-rule code, else its field issues. */
function rowErrorTexts(result: Extract<CustomerImportRowResult, { ok: false }>, LL: TranslationFunctions): Record<string, string[]> {
  const ruled = domainMessage(result.code, LL);
  if (ruled) return Object.fromEntries(Object.keys(result.errors).map((field) => [field, [ruled]]));
  return translatedFieldErrors(result.errors, result.issues ?? {}, LL);
}

/**
 * Sends the mapped CSV rows to `customers.importRows` in chunks of at most 500 (each row its own command on the
 * server); progress after each chunk; `stop()` ends the run between chunks.
 */
export function useCustomerImport() {
  const { LL } = useI18nContext();
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
            else errors.push({ row: result.row, errors: rowErrorTexts(result, LL) });
          }
          state = { ...state, done: offset + chunk.length, imported, errors };
          setProgress(state);
        } catch (caught) {
          const failure = describeApiError(caught);
          state = { ...state, phase: 'failed', reason: failure.kind === 'server' ? serverMessage(failure, LL) : null };
          break;
        }
      }
      if (state.phase === 'running') state = { ...state, phase: 'done' };
      setProgress(state);
      await utils.customers.list.invalidate();
    },
    [LL, importRows, utils],
  );

  const stop = useCallback(() => {
    stopRequested.current = true;
  }, []);
  const reset = useCallback(() => setProgress(IDLE), []);

  return { progress, start, stop, reset };
}
