/**
 * The client a live batch's `apply` gets: its writes go to PostgreSQL together with the batch's checkpoint and
 * COMMIT, in one simple query, instead of one round trip each.
 *
 * A live batch used to cost a round trip for BEGIN, one per statement of `apply` and one for the checkpoint with
 * COMMIT: the bookings projection three, the audit log eight. Each round trip wakes a PostgreSQL backend and then
 * this process again, and on a busy machine either may wait for a core (docs/PERFORMANCE.md, "Sixth pass on
 * issue 17", for what it changed).
 *
 * - A write (a statement that starts with INSERT, UPDATE or DELETE and has no RETURNING) is queued, its
 *   parameters written into its text as literals (`inlineParameters`), and its promise resolves at once with no
 *   rows and a null `rowCount` (no projection looks at either). A write whose parameters cannot be written as
 *   literals runs at once, after the queued ones.
 * - Any other statement first sends the queued writes (a read then sees them), then runs.
 * - The transaction begins with the first statement sent that is not a SELECT: SELECTs made before the batch's
 *   first write run outside it. The runner holds the projection's lock, so no one else writes these tables, and a
 *   read outside the transaction sees what one inside would (READ COMMITTED: each statement its own snapshot).
 * - `finish(tail)` sends what is queued, BEGIN first if nothing began it, then `tail` (the checkpoint and
 *   COMMIT), as one simple query. When a statement of it fails, PostgreSQL skips the rest: the transaction is
 *   left aborted, and the runner rolls it back as before.
 */
import type pg from 'pg';
import type { SqlQueryable } from './projection.ts';
import { BEGIN_ASYNC_COMMIT } from './projection-state.ts';

const WRITE = /^\s*(?:INSERT|UPDATE|DELETE)\b/i;
const RETURNING = /\bRETURNING\b/i;
const SELECT = /^\s*SELECT\b/i;

export class BatchClient implements SqlQueryable {
  private readonly queued: string[] = [];
  private begun = false;

  constructor(private readonly client: pg.ClientBase) {}

  async query(text: string, values?: unknown[]): Promise<{ rows: unknown[]; rowCount: number | null }> {
    if (WRITE.test(text) && !RETURNING.test(text)) {
      const inlined = inlineParameters(text, values ?? []);
      if (inlined !== null) {
        this.queued.push(inlined);
        return { rows: [], rowCount: null };
      }
    }
    // A SELECT made before any write runs outside the transaction (see the module comment); anything else in it.
    if (this.queued.length > 0 || (!this.begun && !SELECT.test(text))) await this.flush();
    return this.client.query(text, values);
  }

  /** The queued writes, then `tail`, in one round trip (BEGIN first when no statement began the transaction). */
  async finish(tail: string): Promise<void> {
    await this.client.query(this.take(tail));
  }

  /** Sends the queued writes (BEGIN first when needed). */
  private async flush(): Promise<void> {
    await this.client.query(this.take());
  }

  private take(tail?: string): string {
    const parts = this.begun ? [] : [BEGIN_ASYNC_COMMIT];
    this.begun = true;
    parts.push(...this.queued.splice(0));
    if (tail) parts.push(tail);
    // Each statement's end on a line of its own: a statement may end with a -- comment.
    return parts.join('\n;\n');
  }
}

/**
 * `text` with each `$n` outside quotes and comments replaced by `values[n - 1]` as an SQL literal, or null when
 * a value has no literal form here (then the statement is sent with its parameters). The literals are those
 * node-postgres would send as text parameters (a statement with dollar quotes, a NUL character or a value of
 * another kind keeps its parameters): strings as they are, numbers and booleans as their text, dates in ISO
 * form, one-dimensional arrays as array literals, other objects as JSON. Quoted with E'' and doubled backslashes
 * when they hold one, so the result does not depend on `standard_conforming_strings`.
 */
export function inlineParameters(text: string, values: readonly unknown[]): string | null {
  const literals: string[] = [];
  for (const value of values) {
    const literal = sqlLiteral(value);
    if (literal === null) return null;
    literals.push(literal);
  }
  // Dollar-quoted text is not looked into: such a statement keeps its parameters.
  if (/\$(?:[A-Za-z_]\w*)?\$/.test(text)) return null;
  let out = '';
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    const closing = c === "'" || c === '"' ? c : c === '-' && text[i + 1] === '-' ? '\n' : c === '/' && text[i + 1] === '*' ? '*/' : null;
    if (closing) {
      // Skip the quoted part or the comment ('' and "" inside are two quotes in a row: the loop closes and reopens it).
      const end = text.indexOf(closing, i + 1 + (closing === '*/' ? 1 : 0));
      if (end < 0) {
        if (closing !== '\n') return null;
        break;
      }
      i = end + closing.length - 1;
    } else if (c === '$' && /[0-9]/.test(text[i + 1] ?? '') && !/[\w$]/.test(text[i - 1] ?? '')) {
      let j = i + 1;
      while (j < text.length && /[0-9]/.test(text[j]!)) j++;
      const n = Number(text.slice(i + 1, j));
      if (n < 1 || n > literals.length) return null;
      out += text.slice(from, i) + literals[n - 1]!;
      from = j;
      i = j - 1;
    }
  }
  return out + text.slice(from);
}

function quote(text: string): string | null {
  if (text.includes('\u0000')) return null;
  const quoted = `'${text.replaceAll("'", "''")}'`;
  return text.includes('\\') ? `E${quoted.replaceAll('\\', '\\\\')}` : quoted;
}

function scalarText(value: unknown): string | null | undefined {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined;
  if (typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.toISOString();
  return undefined;
}

function sqlLiteral(value: unknown): string | null {
  const scalar = scalarText(value);
  if (scalar === null) return 'NULL';
  if (scalar !== undefined) return quote(scalar);
  if (Array.isArray(value)) {
    const items: string[] = [];
    for (const item of value) {
      const text = scalarText(item);
      if (text === undefined) return null;
      items.push(text === null ? 'NULL' : `"${text.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`);
    }
    return quote(`{${items.join(',')}}`);
  }
  if (typeof value === 'object' && !Buffer.isBuffer(value) && !ArrayBuffer.isView(value)) return quote(JSON.stringify(value));
  return null;
}
