import { DEFAULT_FORM_SETTINGS } from '@crm/contracts/marketing/marketing.constants';
import { leadFormCreateInput } from '@crm/contracts/marketing/marketing.input';
import { describe, expect, it } from 'vitest';
import { blankField, builderSlotOf, embedSnippets, fieldNameOf, moveField, newFormValues, toFormCreate, toFormUpdate, withLabel } from './form-builder.util.ts';

describe('form builder', () => {
  it('derives a field name from its label: lowercase ASCII, underscores, a letter first, unique, never the honeypot', () => {
    expect(fieldNameOf('Full Name')).toBe('full_name');
    expect(fieldNameOf('  Société / Pays ')).toBe('societe_pays');
    expect(fieldNameOf('2nd phone')).toBe('field_2nd_phone');
    expect(fieldNameOf('البريد')).toBe('field');
    expect(fieldNameOf('Email', ['email', 'email_2'])).toBe('email_3');
    expect(fieldNameOf('Website')).toBe('website_field');
    expect(fieldNameOf('x'.repeat(80)).length).toBeLessThanOrEqual(40);
  });

  it('the name follows the label until it is edited', () => {
    const values = newFormValues();
    const added = blankField(values.fields.map((f) => f.name));
    let fields = withLabel([...values.fields, added], added.key, 'Company size');
    expect(fields[2]!.name).toBe('company_size');
    fields = withLabel(fields, added.key, 'Email');
    expect(fields[2]!.name).toBe('email_2');
    fields = fields.map((f) => (f.key === added.key ? { ...f, name: 'size', nameEdited: true } : f));
    expect(withLabel(fields, added.key, 'Team size')[2]!.name).toBe('size');
  });

  it('moves a field up or down, and ignores a move out of range', () => {
    expect(moveField(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveField(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveField(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveField(['a', 'b', 'c'], 2, 3)).toEqual(['a', 'b', 'c']);
  });

  it('a new form starts with the spec defaults and sends no settings while they are unchanged (the server adds the admin address)', () => {
    const values = { ...newFormValues(), name: ' Webinar ', title: 'Join us' };
    const payload = toFormCreate(values);
    expect(payload).not.toHaveProperty('settings');
    expect(payload.fields?.map((f) => [f.name, f.type, f.required])).toEqual([
      ['full_name', 'text', true],
      ['email', 'email', true],
    ]);
    expect(leadFormCreateInput.safeParse(payload).success).toBe(true);
    const changed = toFormCreate({ ...values, settings: { ...DEFAULT_FORM_SETTINGS, redirectUrl: '/merci' } });
    expect(changed.settings?.redirectUrl).toBe('/merci');
  });

  it('options are sent for select, radio and checkbox only', () => {
    const values = newFormValues();
    const field = { ...blankField([]), name: 'plan', label: 'Plan', type: 'text' as const, options: ['A'] };
    expect(toFormUpdate('id', { ...values, fields: [field] }).fields?.[0]?.options).toEqual([]);
    expect(toFormUpdate('id', { ...values, fields: [{ ...field, type: 'select' }] }).fields?.[0]?.options).toEqual(['A']);
  });

  it('puts server errors at the builder slot they belong to', () => {
    const fields = newFormValues().fields;
    expect(builderSlotOf('name', fields)).toBe('name');
    expect(builderSlotOf('fields.1.options', fields)).toBe(`field:${fields[1]!.key}:options`);
    expect(builderSlotOf('fields.0.name', fields)).toBe(`field:${fields[0]!.key}:name`);
    expect(builderSlotOf('fields', fields)).toBe('fields');
    expect(builderSlotOf('fields.9.label', fields)).toBe('fields');
    expect(builderSlotOf('settings.notifications.0', fields)).toBe('notifications');
    expect(builderSlotOf('settings.redirectUrl', fields)).toBe('redirectUrl');
    expect(builderSlotOf('allowedOrigins.2', fields)).toBe('allowedOrigins');
    expect(builderSlotOf('_', fields)).toBeNull();
  });

  it('embed snippets name the hosted page, the script and the iframe', () => {
    const s = embedSnippets('https://crm.example', 'spring-webinar');
    expect(s.hosted).toBe('https://crm.example/f/spring-webinar');
    expect(s.script).toContain('data-form="spring-webinar"');
    expect(s.iframe).toContain('src="https://crm.example/f/spring-webinar?embed=1"');
  });
});
