import { i18nObject } from 'typesafe-i18n';
import { describe, expect, it } from 'vitest';
import { SECURITY_CHECKS, SECURITY_CHECK_IDS, type SecurityCheckResult } from '@crm/contracts/security-center/security-checks';
import type { Locales, TranslationFunctions, Translations } from '../../../i18n/i18n-types.ts';
import ar from '../../../i18n/ar/index.ts';
import arCenter from '../../../i18n/ar/securityCenter/index.ts';
import en from '../../../i18n/en/index.ts';
import enCenter from '../../../i18n/en/securityCenter/index.ts';
import fr from '../../../i18n/fr/index.ts';
import frCenter from '../../../i18n/fr/securityCenter/index.ts';
import { checkDetailText } from './security-check-text.util.ts';

const LL = (locale: Locales, base: object, securityCenter: object) => i18nObject<Locales, Translations, TranslationFunctions>(locale, { ...base, securityCenter } as Translations);
const languages = { en: LL('en', en, enCenter), ar: LL('ar', ar, arCenter), fr: LL('fr', fr, frCenter) };
const check = (id: SecurityCheckResult['id'], detail: SecurityCheckResult['detail'], status: SecurityCheckResult['status'] = 'failed'): SecurityCheckResult => ({
  id,
  title: SECURITY_CHECKS[id].title,
  status,
  earned: 0,
  max: SECURITY_CHECKS[id].maxPoints,
  detail,
  fix: SECURITY_CHECKS[id].fix,
});

const facts: Record<SecurityCheckResult['id'], SecurityCheckResult['detail']> = {
  admin_mfa: { admins: 3, enrolled: 1, requiredForAdmins: false },
  password_policy: { minLength: 8, refuseCommon: true },
  session_timeouts: { idleMinutes: 45, absoluteHours: 24 },
  open_alerts: { critical: 2, high: 1, total: 4 },
  inactive_accounts: { active: 7, inactive: 2 },
  audit_chain: { ok: false, checked: 1200 },
  exports_audited: { auditedExports: 0 },
  retention: { days: null },
  login_throttling: { freeAttempts: 50, maxDelaySeconds: 30 },
  secure_cookies: { https: false },
};

describe('Security Score check texts', () => {
  it('say what was found, in English', () => {
    const t = languages.en.securityCenter.checks;
    expect(checkDetailText(t, check('admin_mfa', facts.admin_mfa))).toBe('1 of 3 admins enrolled · required for admins: no');
    expect(checkDetailText(t, check('audit_chain', facts.audit_chain))).toBe('1200 entries checked · broken');
    expect(checkDetailText(t, check('retention', facts.retention))).toBe('Retention: none');
    expect(checkDetailText(t, check('retention', { days: 365 }, 'passed'))).toBe('Retention: 365 days');
    expect(checkDetailText(t, check('open_alerts', {}, 'unavailable'))).toBe('The system does not provide this fact yet.');
  });

  it('exist for every check in every language, with its title and its remedy, and quote the facts', () => {
    for (const [locale, ll] of Object.entries(languages)) {
      const t = ll.securityCenter.checks;
      for (const id of SECURITY_CHECK_IDS) {
        const text = checkDetailText(t, check(id, facts[id]));
        expect(text, `${locale} ${id}`).not.toMatch(/\{|undefined|NaN/);
        expect(t.titles[id](), `${locale} ${id}`).not.toBe('');
        expect(t.remedies[id](), `${locale} ${id}`).not.toBe('');
      }
      expect(checkDetailText(t, check('inactive_accounts', facts.inactive_accounts))).toContain('7');
    }
  });
});
