/** Strings of the security alert mail to admins, in each product language. */
import type { Locale, SecurityAlertSeverity, SecurityAlertType } from '@crm/contracts';

export interface SecurityAlertMailStrings {
  dir: 'ltr' | 'rtl';
  intl: string;
  signature: string;
  subject(type: string, severity: string): string;
  greeting: string;
  intro: string;
  what(type: string, severity: string): string;
  when(at: string): string;
  address(ip: string): string;
  account(name: string): string;
  details: string;
  button: string;
  types: Record<SecurityAlertType, string>;
  severities: Record<SecurityAlertSeverity, string>;
}

export const SECURITY_ALERT_MAIL_STRINGS: Record<Locale, SecurityAlertMailStrings> = {
  en: {
    dir: 'ltr',
    intl: 'en-GB',
    signature: 'CRM Platform security',
    subject: (type, severity) => `Security alert (${severity}): ${type}`,
    greeting: 'Hello,',
    intro: 'A security detector raised a new alert that needs your attention.',
    what: (type, severity) => `Alert: ${type}. Severity: ${severity}.`,
    when: (at) => `Detected: ${at}.`,
    address: (ip) => `Address: ${ip}.`,
    account: (name) => `Account: ${name}.`,
    details: 'What the detector saw:',
    button: 'Open the Security Center',
    types: {
      brute_force: 'Brute force attack on an account',
      password_spraying: 'Password spraying from one address',
      new_country: 'Login from a new country',
      privilege_escalation: 'Privilege escalation to admin',
      mass_export: 'Mass data export',
      deactivated_account_login: 'Login attempt on a blocked account',
    },
    severities: { low: 'low', medium: 'medium', high: 'high', critical: 'critical' },
  },
  fr: {
    dir: 'ltr',
    intl: 'fr-FR',
    signature: 'Sécurité de CRM Platform',
    subject: (type, severity) => `Alerte de sécurité (${severity}) : ${type}`,
    greeting: 'Bonjour,',
    intro: 'Un détecteur de sécurité a levé une nouvelle alerte qui demande votre attention.',
    what: (type, severity) => `Alerte : ${type}. Gravité : ${severity}.`,
    when: (at) => `Détectée : ${at}.`,
    address: (ip) => `Adresse : ${ip}.`,
    account: (name) => `Compte : ${name}.`,
    details: 'Ce que le détecteur a vu :',
    button: 'Ouvrir le centre de sécurité',
    types: {
      brute_force: 'Attaque par force brute sur un compte',
      password_spraying: 'Pulvérisation de mots de passe depuis une adresse',
      new_country: 'Connexion depuis un nouveau pays',
      privilege_escalation: 'Élévation de privilèges vers administrateur',
      mass_export: 'Export massif de données',
      deactivated_account_login: 'Tentative de connexion sur un compte bloqué',
    },
    severities: { low: 'faible', medium: 'moyenne', high: 'élevée', critical: 'critique' },
  },
  ar: {
    dir: 'rtl',
    intl: 'ar',
    signature: 'أمان منصة CRM',
    subject: (type, severity) => `تنبيه أمني (${severity}): ${type}`,
    greeting: 'مرحبًا،',
    intro: 'أطلق أحد كواشف الأمان تنبيهًا جديدًا يحتاج إلى انتباهك.',
    what: (type, severity) => `التنبيه: ${type}. الخطورة: ${severity}.`,
    when: (at) => `وقت الاكتشاف: ${at}.`,
    address: (ip) => `العنوان: ${ip}.`,
    account: (name) => `الحساب: ${name}.`,
    details: 'ما رصده الكاشف:',
    button: 'فتح مركز الأمان',
    types: {
      brute_force: 'هجوم القوة الغاشمة على حساب',
      password_spraying: 'رش كلمات المرور من عنوان واحد',
      new_country: 'تسجيل دخول من بلد جديد',
      privilege_escalation: 'رفع الصلاحيات إلى مسؤول',
      mass_export: 'تصدير جماعي للبيانات',
      deactivated_account_login: 'محاولة دخول إلى حساب محظور',
    },
    severities: { low: 'منخفضة', medium: 'متوسطة', high: 'عالية', critical: 'حرجة' },
  },
};
