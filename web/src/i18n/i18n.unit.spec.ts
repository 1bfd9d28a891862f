import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import ar from './ar/index.ts';
import en from './en/index.ts';
import fr from './fr/index.ts';
import { MEETING_TYPE_LABELS } from '@crm/contracts/bookings/booking.labels';

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
  /** Codes a screen never shows: stream-id collisions of generated ids, REST-only and internal refusals. */
  const NEVER_SHOWN = new Set(['actor_required', 'booking_exists', 'contact_message_exists', 'idempotency_key_reused', 'login_recorded', 'user_exists', 'customer_exists', 'deal_exists', 'task_exists', 'file_exists']);

  it('translates every refusal code the server can send to the app (serverErrors)', () => {
    const root = path.join(import.meta.dirname, '../../../services/src');
    const files = (readdirSync(root, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts'));
    const codes = new Set(files.flatMap((f) => [...readFileSync(path.join(root, f), 'utf8').matchAll(/DomainError\(\s*'([a-z_]+)'/g)].map((m) => m[1]!)));
    expect(codes.size).toBeGreaterThan(40);
    const missing = [...codes].filter((code) => !NEVER_SHOWN.has(code) && !base.has(`serverErrors.${code}`));
    expect(missing).toEqual([]);
  });
});
