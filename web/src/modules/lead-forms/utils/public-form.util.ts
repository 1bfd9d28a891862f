/**
 * The public lead-form page's pure parts (issue 16): what the page's URL says (embed mode, UTM parameters,
 * referrer, language), the answers' shape for the server, the translation key of a field problem, where to go
 * after a submission, and the public endpoints' calls (`/api/forms/<slug>`, M2's REST routes).
 */
import { isKnownRoute } from '@crm/contracts/platform/site-routes';
import { UTM_PARAMS, type FormField, type Utm } from '@crm/contracts/marketing/marketing.constants';
import type { PublicFormView } from '@crm/contracts/marketing/marketing.views';
import type { SubmissionData, SubmissionValue } from '@crm/contracts/marketing/lead-form.submission';

/** The channel of a view or submission: the hosted page, or the iframe of the embed (`?embed=1`). */
export type PageChannel = 'hosted' | 'embed';

export interface FormPageContext {
  channel: PageChannel;
  utm: Utm;
  /** Where the visitor came from: the embed passes its host page's referrer (`?referrer=`), else document.referrer. */
  referrer: string | null;
  /** `?lang=` (the embed's `data-lang`): the language to show, when supported. */
  lang: string | null;
}

const trimmed = (value: string | null | undefined, max: number) => {
  const v = (value ?? '').trim();
  return v ? v.slice(0, max) : null;
};

/** Reads the page's query string (`?embed=1&utm_source=…&referrer=…&lang=ar`) and the document's referrer. */
export function formPageContext(search: string, documentReferrer: string): FormPageContext {
  const params = new URLSearchParams(search);
  const utm = Object.fromEntries(UTM_PARAMS.map(({ query, key }) => [key, trimmed(params.get(query), 200)])) as Utm;
  const embed = params.get('embed') === '1';
  return {
    channel: embed ? 'embed' : 'hosted',
    utm,
    referrer: trimmed(params.get('referrer'), 2000) ?? trimmed(documentReferrer, 2000),
    lang: trimmed(params.get('lang'), 5),
  };
}

/** A field's empty answer in the page's state. */
export function emptyAnswer(field: FormField): SubmissionValue {
  if (field.type === 'checkbox') return field.options.length > 0 ? [] : false;
  return '';
}

/** The answers to send: empty ones left out (as checkSubmission treats them), text as typed (the server trims). */
export function answersOf(fields: readonly FormField[], values: Readonly<Record<string, SubmissionValue>>): SubmissionData {
  const data: SubmissionData = {};
  for (const field of fields) {
    const value = values[field.name];
    if (value === undefined || value === '' || value === false || (Array.isArray(value) && value.length === 0)) continue;
    data[field.name] = value;
  }
  return data;
}

export type FieldProblem = 'required' | 'email' | 'phone' | 'option' | 'tooLong' | 'invalid';

/** checkSubmission's (and the server's) English message as a problem the page translates. */
export function problemOf(message: string): FieldProblem {
  if (/required/.test(message)) return 'required';
  if (/e-mail/.test(message)) return 'email';
  if (/phone/.test(message)) return 'phone';
  if (/one of|among/.test(message)) return 'option';
  if (/at most/.test(message)) return 'tooLong';
  return 'invalid';
}

/** Field problems keyed by field name, from issues keyed `data.<name>` (checkSubmission and the server's 400). */
export function problemsOf(issues: Readonly<Record<string, string | readonly string[]>>, fields: readonly FormField[]): Record<string, FieldProblem> {
  const names = new Set(fields.map((f) => f.name));
  const out: Record<string, FieldProblem> = {};
  for (const [key, message] of Object.entries(issues)) {
    const name = key.startsWith('data.') ? key.slice(5) : key;
    if (names.has(name)) out[name] = problemOf([message].flat().join(' '));
  }
  return out;
}

/**
 * Where the visitor goes after submitting: an absolute http(s) URL (the embed asks its host page to go there),
 * or on the hosted page a path of our site that exists; otherwise (no redirect, or a path the site does not
 * have) the page thanks the visitor in place.
 */
export function redirectTarget(redirectUrl: string | null, channel: PageChannel): { kind: 'url'; url: string } | { kind: 'path'; path: string } | null {
  if (!redirectUrl) return null;
  if (/^https?:\/\//i.test(redirectUrl)) return { kind: 'url', url: redirectUrl };
  if (channel === 'hosted' && redirectUrl.startsWith('/') && isKnownRoute(redirectUrl.split(/[?#]/, 1)[0]!)) return { kind: 'path', path: redirectUrl };
  return null;
}

/** A refused or failed call to the public endpoints. */
export type PublicFormFailure =
  | { kind: 'network' }
  | { kind: 'not_found' }
  | { kind: 'fields'; issues: Record<string, string | string[]> }
  | { kind: 'server'; status: number; code: string | null; message: string };

export class PublicFormError extends Error {
  constructor(readonly failure: PublicFormFailure) {
    super(failure.kind);
  }
}

async function call<T>(url: string, init?: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin', ...init, headers: { accept: 'application/json', ...(init?.body ? { 'content-type': 'application/json' } : {}) } });
  } catch {
    throw new PublicFormError({ kind: 'network' });
  }
  let body: { success?: boolean; message?: string; code?: string; errors?: Record<string, string | string[]> } & Record<string, unknown>;
  try {
    body = (await response.json()) as typeof body;
  } catch {
    throw new PublicFormError(response.status === 404 ? { kind: 'not_found' } : { kind: 'network' });
  }
  if (response.ok) return body as T;
  if (response.status === 404) throw new PublicFormError({ kind: 'not_found' });
  if (response.status === 400 && body.errors && Object.keys(body.errors).some((k) => k.startsWith('data.'))) throw new PublicFormError({ kind: 'fields', issues: body.errors });
  throw new PublicFormError({ kind: 'server', status: response.status, code: typeof body.code === 'string' ? body.code : null, message: typeof body.message === 'string' ? body.message : '' });
}

const formUrl = (slug: string) => `/api/forms/${encodeURIComponent(slug)}`;

export interface PublicFormAnswer {
  form: PublicFormView;
  formToken: string;
}

/** `GET /api/forms/<slug>`: the form and a token recording when it was served. */
export function fetchPublicForm(slug: string): Promise<PublicFormAnswer> {
  return call<PublicFormAnswer>(formUrl(slug));
}

/** `POST /api/forms/<slug>/views`: one view of this load. */
export function postFormView(slug: string, formToken: string, context: FormPageContext): Promise<unknown> {
  return call(`${formUrl(slug)}/views`, { method: 'POST', body: JSON.stringify({ formToken, ...context.utm, referrer: context.referrer, channel: context.channel }) });
}

/** `POST /api/forms/<slug>/submissions`: `{success, message, redirectUrl?}`. */
export function postSubmission(
  slug: string,
  body: { formToken: string; data: SubmissionData; website: string; locale: string; context: FormPageContext },
): Promise<{ success: boolean; message?: string; redirectUrl?: string | null }> {
  const { formToken, data, website, locale, context } = body;
  return call(`${formUrl(slug)}/submissions`, {
    method: 'POST',
    // The page's language: the auto-responder is written in it.
    body: JSON.stringify({ formToken, data, website, locale, ...context.utm, referrer: context.referrer, channel: context.channel }),
  });
}

/** The message the embed's page sends its host page (embed script `/embed/forms.js`). */
export type EmbedMessage = { type: 'crm-form:height'; slug: string; height: number } | { type: 'crm-form:redirect'; slug: string; url: string };
