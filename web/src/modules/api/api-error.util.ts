import { TRPCClientError } from '@trpc/client';
import { FIELD_ISSUE_KINDS, type FieldIssue, type FieldIssues } from '@crm/contracts/platform/field-issues';

/**
 * What went wrong with a server call, in terms the screens care about:
 * - `network`: no usable answer (offline, connection refused, a proxy's HTML error page, unparsable body);
 * - `server`: the server answered with a tRPC error: its human-readable message, its code, and for bad
 *   input the messages per field (`error.data.fieldErrors`, English) and the same problems as kinds the app
 *   translates (`error.data.fieldIssues`).
 */
export type ApiFailure =
  | { kind: 'network' }
  | {
      kind: 'server';
      /** tRPC code, e.g. BAD_REQUEST, UNAUTHORIZED, CONFLICT. */
      code: string | null;
      /** Stable code of a business-rule refusal (`error.data.domainCode`), e.g. booking_not_pending. */
      domainCode: string | null;
      message: string;
      fieldErrors: Record<string, string[]>;
      fieldIssues: FieldIssues;
      /** When a throttled call may be tried again (`error.data.retryAfterSeconds`, HTTP 429). */
      retryAfterSeconds?: number | null;
    };

function readFieldErrors(data: unknown): Record<string, string[]> {
  if (!data || typeof data !== 'object' || !('fieldErrors' in data)) return {};
  const raw = (data as { fieldErrors: unknown }).fieldErrors;
  if (!raw || typeof raw !== 'object') return {};
  const out: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(raw as Record<string, unknown>)) {
    const list = (Array.isArray(messages) ? messages : [messages]).filter((m): m is string => typeof m === 'string' && m !== '');
    if (list.length > 0) out[field] = list;
  }
  return out;
}

const ISSUE_KINDS: ReadonlySet<string> = new Set(FIELD_ISSUE_KINDS);

/** `fieldIssues` as sent, keeping only well-formed entries. */
function readFieldIssues(raw: unknown): FieldIssues {
  if (!raw || typeof raw !== 'object') return {};
  const out: FieldIssues = {};
  for (const [field, list] of Object.entries(raw as Record<string, unknown>)) {
    const issues = (Array.isArray(list) ? list : []).filter(
      (i): i is FieldIssue => !!i && typeof i === 'object' && ISSUE_KINDS.has((i as FieldIssue).kind) && ((i as FieldIssue).limit === undefined || typeof (i as FieldIssue).limit === 'number'),
    );
    if (issues.length > 0) out[field] = issues;
  }
  return out;
}

function readRetryAfter(data: unknown): number | null {
  const value = data && typeof data === 'object' ? (data as { retryAfterSeconds?: unknown }).retryAfterSeconds : undefined;
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

export function describeApiError(error: unknown): ApiFailure {
  if (!(error instanceof TRPCClientError)) return { kind: 'network' };
  // No error shape means the response never came from the tRPC handler (fetch failed or body was not tRPC JSON).
  const shape: unknown = error.shape;
  if (!shape || typeof shape !== 'object') return { kind: 'network' };
  const data: unknown = error.data;
  const text = (key: string) => {
    const value = data && typeof data === 'object' ? (data as Record<string, unknown>)[key] : undefined;
    return typeof value === 'string' && value !== '' ? value : null;
  };
  return {
    kind: 'server',
    code: text('code'),
    domainCode: text('domainCode'),
    message: error.message.trim(),
    fieldErrors: readFieldErrors(data),
    fieldIssues: readFieldIssues(data && typeof data === 'object' ? (data as { fieldIssues?: unknown }).fieldIssues : undefined),
    retryAfterSeconds: readRetryAfter(data),
  };
}

/** True when the server says the caller is not logged in (any more). */
export function isUnauthorized(error: unknown): boolean {
  const failure = describeApiError(error);
  return failure.kind === 'server' && failure.code === 'UNAUTHORIZED';
}
