import { describe, expect, it } from 'vitest';
import { checkSubmission } from '@crm/contracts/marketing/lead-form.submission';
import type { FormField } from '@crm/contracts/marketing/marketing.constants';
import { answersOf, emptyAnswer, formPageContext, problemsOf, redirectTarget } from './public-form.util.ts';

const fields: FormField[] = [
  { name: 'full_name', type: 'text', label: 'Full Name', placeholder: null, required: true, options: [] },
  { name: 'email', type: 'email', label: 'Email', placeholder: null, required: true, options: [] },
  { name: 'phone', type: 'phone', label: 'Phone', placeholder: null, required: false, options: [] },
  { name: 'plan', type: 'select', label: 'Plan', placeholder: null, required: true, options: ['Starter', 'Pro'] },
  { name: 'topics', type: 'checkbox', label: 'Topics', placeholder: null, required: false, options: ['Sales', 'Support'] },
  { name: 'consent', type: 'checkbox', label: 'I agree', placeholder: null, required: true, options: [] },
];

describe('the public form page', () => {
  it('reads embed mode, the five UTM parameters, the referrer and the language from the URL', () => {
    const context = formPageContext('?embed=1&utm_source=news&utm_medium=email&utm_campaign=Spring&utm_term=crm&utm_content=a&referrer=https%3A%2F%2Fpartner.example%2F&lang=ar', 'http://127.0.0.1:9/host');
    expect(context).toEqual({
      channel: 'embed',
      utm: { utmSource: 'news', utmMedium: 'email', utmCampaign: 'Spring', utmTerm: 'crm', utmContent: 'a' },
      referrer: 'https://partner.example/',
      lang: 'ar',
    });
    const hosted = formPageContext('', 'https://www.google.com/');
    expect(hosted.channel).toBe('hosted');
    expect(hosted.utm.utmSource).toBeNull();
    expect(hosted.referrer).toBe('https://www.google.com/');
    expect(formPageContext('', '').referrer).toBeNull();
  });

  it('sends only the answers given, which the contract’s check accepts', () => {
    const values = Object.fromEntries(fields.map((f) => [f.name, emptyAnswer(f)]));
    expect(answersOf(fields, values)).toEqual({});
    const filled = { ...values, full_name: 'Ada Lovelace', email: 'ada@example.com', plan: 'Pro', topics: ['Sales'], consent: true };
    const data = answersOf(fields, filled);
    expect(data).toEqual({ full_name: 'Ada Lovelace', email: 'ada@example.com', plan: 'Pro', topics: ['Sales'], consent: true });
    expect(checkSubmission(fields, data).ok).toBe(true);
  });

  it('turns the contract’s (and the server’s) issues into problems beside their fields', () => {
    const check = checkSubmission(fields, { email: 'nope', phone: '??', plan: 'Gold' });
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(problemsOf(check.issues, fields)).toEqual({ full_name: 'required', email: 'email', phone: 'phone', plan: 'option', consent: 'required' });
    expect(problemsOf({ 'data.email': ['must be a valid e-mail address'], formToken: ['is required'] }, fields)).toEqual({ email: 'email' });
  });

  it('redirects to an absolute URL, or on the hosted page to a page of the site; else thanks in place', () => {
    expect(redirectTarget('https://example.com/thanks', 'embed')).toEqual({ kind: 'url', url: 'https://example.com/thanks' });
    expect(redirectTarget('/about', 'hosted')).toEqual({ kind: 'path', path: '/about' });
    expect(redirectTarget('/about', 'embed')).toBeNull();
    expect(redirectTarget('/thank-you', 'hosted')).toBeNull();
    expect(redirectTarget(null, 'hosted')).toBeNull();
  });
});
