import { describe, expect, it } from 'vitest';
import type { FieldIssue } from '@crm/contracts/platform/field-issues';
import { i18nObject } from '../../../i18n/i18n-util.ts';
import { loadLocale } from '../../../i18n/i18n-util.sync.ts';
import type { ApiFailure } from '../../api/api-error.util.ts';
import { passwordRefusalText } from './password-refusal.util.ts';

loadLocale('en');
loadLocale('ar');
const en = i18nObject('en');
const ar = i18nObject('ar');

const refused = (field: string, issues: FieldIssue[]): ApiFailure => ({
  kind: 'server',
  code: 'BAD_REQUEST',
  domainCode: null,
  message: 'Invalid input',
  fieldErrors: { [field]: ['…'] },
  fieldIssues: { [field]: issues },
});

describe('password policy refusals in the reader’s language', () => {
  it('says the policy’s minimum, which may be above 8', () => {
    expect(passwordRefusalText(refused('password', [{ kind: 'tooShort', limit: 14 }]), 'password', en)).toBe('At least 14 characters');
  });

  it('says a common password is refused, in Arabic too', () => {
    const failure = refused('newPassword', [{ kind: 'commonPassword' }]);
    expect(passwordRefusalText(failure, 'newPassword', en)).toMatch(/too common/);
    expect(passwordRefusalText(failure, 'newPassword', ar)).toMatch(/شائعة/);
  });

  it('is null for other problems, other fields and no answer', () => {
    expect(passwordRefusalText(refused('password', [{ kind: 'tooLong', limit: 256 }]), 'password', en)).toBeNull();
    expect(passwordRefusalText(refused('email', [{ kind: 'format' }]), 'password', en)).toBeNull();
    expect(passwordRefusalText({ kind: 'network' }, 'password', en)).toBeNull();
    expect(passwordRefusalText(null, 'password', en)).toBeNull();
  });
});
