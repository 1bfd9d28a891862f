import { describe, expect, it } from 'vitest';
import { i18nObject } from '../../i18n/i18n-util.ts';
import { loadLocale } from '../../i18n/i18n-util.sync.ts';
import { fieldIssueText, splitFieldErrors, translatedFieldErrors } from './field-issues.util.ts';

loadLocale('en');
loadLocale('ar');
loadLocale('fr');
const en = i18nObject('en');
const ar = i18nObject('ar');
const fr = i18nObject('fr');

describe('field issues in the reader\'s language', () => {
  it('says each kind with its bound', () => {
    expect(fieldIssueText({ kind: 'required' }, en)).toBe('Required');
    expect(fieldIssueText({ kind: 'tooLong', limit: 200 }, en)).toBe('At most 200 characters');
    expect(fieldIssueText({ kind: 'tooBig', limit: 100 }, fr)).toBe('Au plus 100');
    expect(fieldIssueText({ kind: 'format' }, ar)).toBe('الصيغة غير صالحة');
    expect(fieldIssueText({ kind: 'tooMany', limit: 20 }, ar)).toContain('20');
  });

  it('replaces the server\'s English per field, each text once, and keeps it only where no issue came', () => {
    const fieldErrors = { email: ['must be a valid e-mail address'], name: ['is required', 'is required'], legacy: ['something English'] };
    const issues = { email: [{ kind: 'format' as const }], name: [{ kind: 'required' as const }, { kind: 'required' as const }] };
    expect(translatedFieldErrors(fieldErrors, issues, fr)).toEqual({ email: ['Format non valide'], name: ['Obligatoire'], legacy: ['something English'] });
  });

  it("puts errors on the form field they belong to (an item's error under its list), the rest apart without the path", () => {
    const isFormField = (name: string): name is 'probability' | 'tags' => name === 'probability' || name === 'tags';
    expect(splitFieldErrors({ probability: ['Trop grand'], 'tags.2': ['Trop long'], 'tags.5': ['Obligatoire'], 'custom.x': ['Non valide'] }, isFormField)).toEqual({
      byField: { probability: 'Trop grand', tags: 'Trop long Obligatoire' },
      other: ['Non valide'],
    });
  });
});
