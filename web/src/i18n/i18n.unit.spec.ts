import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import ar from './ar/index.ts';
import en from './en/index.ts';
import fr from './fr/index.ts';
import { MEETING_TYPE_LABELS } from '@crm/contracts/bookings/booking.labels';
import { DOMAIN_ERRORS } from '@crm/contracts/platform/error-codes';

type Dictionary = { [key: string]: string | Dictionary };

/** Every leaf of a dictionary as `path.to.key` → text. */
function flatten(dictionary: Dictionary, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(dictionary)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

/** Names of the `{param}` / `{param:type}` placeholders of a text, sorted. */
const params = (text: string) => [...text.matchAll(/\{(\w+)(?::\w+)?\}/g)].map((m) => m[1]).sort();

/** A language's whole dictionary: the base file plus every namespace folder (`<locale>/<namespace>/index.ts`). */
async function complete(locale: 'en' | 'ar' | 'fr', baseDictionary: object): Promise<Dictionary> {
  const dir = path.join(import.meta.dirname, locale);
  const namespaces = readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
  const parts = await Promise.all(namespaces.map(async (ns) => [ns, (await import(`./${locale}/${ns}/index.ts`)).default] as const));
  return { ...(baseDictionary as Dictionary), ...Object.fromEntries(parts) };
}

const namespacesOf = (locale: string) =>
  readdirSync(path.join(import.meta.dirname, locale), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();

const base = flatten(await complete('en', en));
const others = { ar: flatten(await complete('ar', ar)), fr: flatten(await complete('fr', fr)) };

describe('translations', () => {
  it('has a non-empty English text for every key', () => {
    expect(base.size).toBeGreaterThan(50);
    for (const [key, text] of base) expect(text.trim(), key).not.toBe('');
  });

  it('splits every language into the same namespaces', () => {
    expect(namespacesOf('en').length).toBeGreaterThan(0);
    expect(namespacesOf('ar')).toEqual(namespacesOf('en'));
    expect(namespacesOf('fr')).toEqual(namespacesOf('en'));
  });

  describe.each(Object.entries(others))('%s', (_locale, dictionary) => {
    it('has every key of en', () => {
      const missing = [...base.keys()].filter((key) => !dictionary.has(key));
      expect(missing).toEqual([]);
    });

    it('has no key that en lacks', () => {
      const extra = [...dictionary.keys()].filter((key) => !base.has(key));
      expect(extra).toEqual([]);
    });

    it('has no empty text and uses the same placeholders as en', () => {
      for (const [key, text] of dictionary) {
        expect(text.trim(), key).not.toBe('');
        expect(params(text), key).toEqual(params(base.get(key) ?? ''));
      }
    });
  });

  it('labels the five meeting types as the spec does (labels shared with the mails)', () => {
    expect(MEETING_TYPE_LABELS.en).toEqual({
      demo: 'Product Demo',
      consultation: 'Free Consultation',
      sales: 'Sales Discussion',
      technical: 'Technical Support',
      partnership: 'Partnership Opportunities',
    });
  });
});

describe('server error codes', () => {
  const definitions = Object.values(DOMAIN_ERRORS).flatMap((defs) => Object.values(defs as Record<string, { code: string; internal?: true }>));
  const codes = definitions.map((def) => def.code);
  /** Codes no screen shows (`internal: true` in their domain's errors): no text needed. */
  const internal = new Set(definitions.filter((def) => def.internal).map((def) => def.code));
  /** Every language's complete dictionary, flattened. */
  const dictionaries = { en: base, ...others };
  /** Where each code has a text in English: `serverErrors.<code>` or `<namespace>.errors.<code>`. */
  const placesOf = (code: string) => [...base.keys()].filter((k) => k === `serverErrors.${code}` || k.endsWith(`.errors.${code}`));

  /**
   * The refusals the public pages and the login form show, by the screens that show them; only these (and the
   * transport's `unauthorized`) may be in the base namespace, which the landing page downloads.
   */
  const PUBLIC = new Set([
    'unauthorized', // any screen: a tRPC UNAUTHORIZED without a domain code
    'forbidden', // any screen: a tRPC FORBIDDEN without a domain code
    'invalid_credentials', // login form
    'awaiting_approval', // login form
    'account_deactivated', // login form
    'account_suspended', // login form (access control)
    'account_locked', // login form (access control)
    'login_throttled', // login form (and the profile's current-password checks)
    'ip_blocked', // login form and every public form (public-post guard)
    'rate_limited', // every public form: register, password reset, contact, booking request, newsletter
    'newsletter_token_invalid', // newsletter confirmation page
  ]);

  it('gives every code of contracts’ ERROR_CODES a text somewhere, unless it is internal (no screen shows it)', () => {
    expect(codes.length).toBeGreaterThan(50);
    expect(codes.filter((code) => !internal.has(code) && placesOf(code).length === 0)).toEqual([]);
    expect(codes.filter((code) => internal.has(code) && placesOf(code).length > 0)).toEqual([]);
  });

  it.each(Object.entries(dictionaries))('translates every code where it has a text (%s)', (_locale, dictionary) => {
    const missing = codes.flatMap((code) => placesOf(code)).filter((k) => !dictionary.get(k)?.trim());
    expect(missing).toEqual([]);
  });

  it('keeps no error text for a code the server does not have (no stale texts)', () => {
    const texts = [...base.keys()].filter((k) => /^serverErrors\.|^\w+\.errors\./.test(k) && !k.startsWith('serverErrors.unauthorized'));
    const NOT_CODES = new Set(['booking.errors']); // the booking form's own texts, not server codes
    expect(texts.filter((k) => !NOT_CODES.has(k.split('.').slice(0, 2).join('.')) && !codes.includes(k.split('.').at(-1)!))).toEqual([]);
  });

  it('keeps admin error texts out of the base namespace (the landing page downloads it)', () => {
    expect(Object.keys(en.serverErrors).filter((code) => !PUBLIC.has(code))).toEqual([]);
  });

  it('throws every refusal in services through the contracts’ constants (no `new DomainError(\'…\'` literal)', () => {
    const root = path.join(import.meta.dirname, '../../../services/src');
    const files = (readdirSync(root, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(50);
    const literals = files.flatMap((f) =>
      readFileSync(path.join(root, f), 'utf8')
        .split('\n')
        .flatMap((line, i) => (/new DomainError\(\s*['"`]/.test(line) ? [`${f}:${i + 1}`] : [])),
    );
    expect(literals).toEqual([]);
  });
});
