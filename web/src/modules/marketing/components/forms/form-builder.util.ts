import {
  DEFAULT_FORM_FIELDS,
  DEFAULT_FORM_SETTINGS,
  HONEYPOT_FIELD,
  MARKETING_LIMITS,
  OPTION_FIELD_TYPES,
  type FormField,
  type FormFieldType,
  type FormSettings,
} from '@crm/contracts/marketing/marketing.constants';
import type { LeadFormCreatePayload, LeadFormUpdateInput } from '@crm/contracts/marketing/marketing.input';
import type { LeadFormView } from '@crm/contracts/marketing/marketing.views';

/** One field of the builder: the contract's field plus a stable key for React and drag and drop. */
export interface BuilderField {
  key: string;
  name: string;
  /** Once the marketer types a name, the label stops deriving it. */
  nameEdited: boolean;
  type: FormFieldType;
  label: string;
  placeholder: string;
  required: boolean;
  options: string[];
}

/** The Create/Edit Form dialog's values, as typed. */
export interface FormBuilderValues {
  name: string;
  title: string;
  description: string;
  /** '' = no campaign. */
  campaignId: string;
  fields: BuilderField[];
  settings: FormSettings;
  allowedOrigins: string[];
  isActive: boolean;
}

let nextKey = 0;
const newKey = () => `f${++nextKey}`;

export const hasOptions = (type: FormFieldType) => (OPTION_FIELD_TYPES as readonly string[]).includes(type);

/**
 * A field's answer key from its label: lowercase ASCII letters, digits and underscores, starting with a letter
 * (`Full Name` → `full_name`, `Société` → `societe`, `2nd phone` → `field_2nd_phone`); a label with no Latin letter
 * or digit gives `field`. Never the honeypot's name, and unique among `taken` (`email_2`).
 */
export function fieldNameOf(label: string, taken: readonly string[] = []): string {
  let base = label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .replace(/^(?=\d)/, 'field_')
    .slice(0, MARKETING_LIMITS.fieldName - 3)
    .replace(/_+$/, '');
  if (!base || base === HONEYPOT_FIELD) base = base ? `${base}_field` : 'field';
  let name = base;
  for (let n = 2; taken.includes(name); n++) name = `${base}_${n}`;
  return name;
}

function toBuilderField(field: FormField): BuilderField {
  return { key: newKey(), name: field.name, nameEdited: true, type: field.type, label: field.label, placeholder: field.placeholder ?? '', required: field.required, options: [...field.options] };
}

/** A new form: the spec's default fields and settings (the server puts the first admin's address in `notifications`). */
export function newFormValues(): FormBuilderValues {
  return {
    name: '',
    title: '',
    description: '',
    campaignId: '',
    fields: DEFAULT_FORM_FIELDS.map(toBuilderField),
    settings: structuredClone(DEFAULT_FORM_SETTINGS),
    allowedOrigins: [],
    isActive: true,
  };
}

export function formToValues(form: LeadFormView): FormBuilderValues {
  return {
    name: form.name,
    title: form.title,
    description: form.description ?? '',
    campaignId: form.campaignId ?? '',
    fields: form.fields.map(toBuilderField),
    settings: structuredClone(form.settings),
    allowedOrigins: [...form.allowedOrigins],
    isActive: form.isActive,
  };
}

/** A field added with "Add field": a text field named after its (empty) label. */
export function blankField(taken: readonly string[]): BuilderField {
  return { key: newKey(), name: fieldNameOf('', taken), nameEdited: false, type: 'text', label: '', placeholder: '', required: false, options: [] };
}

/** The field at `from` moved to `to` (indexes in the list; out of range: unchanged). */
export function moveField<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list];
  const next = [...list];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as T);
  return next;
}

/** A field after its label changed: the name follows the label until the marketer edits it. */
export function withLabel(fields: readonly BuilderField[], key: string, label: string): BuilderField[] {
  return fields.map((f) => {
    if (f.key !== key) return f;
    if (f.nameEdited) return { ...f, label };
    const taken = fields.filter((o) => o.key !== key).map((o) => o.name);
    return { ...f, label, name: fieldNameOf(label, taken) };
  });
}

/** Name and title are required ('Please provide form name and title'); the server checks everything else. */
export function missingFormFields(values: FormBuilderValues): ('name' | 'title')[] {
  return (['name', 'title'] as const).filter((key) => values[key].trim() === '');
}

function contractFields(values: FormBuilderValues): FormField[] {
  return values.fields.map((f) => ({
    name: f.name.trim(),
    type: f.type,
    label: f.label.trim(),
    placeholder: f.placeholder.trim() || null,
    required: f.required,
    options: hasOptions(f.type) ? f.options : [],
  }));
}

const sameSettings = (a: FormSettings, b: FormSettings) => JSON.stringify(a) === JSON.stringify(b);

/**
 * `marketing.forms.create`: settings left out while they are the spec's defaults (so the server fills in the
 * first admin's address as the notification recipient).
 */
export function toFormCreate(values: FormBuilderValues): LeadFormCreatePayload {
  return {
    name: values.name.trim(),
    title: values.title.trim(),
    description: values.description.trim() || null,
    campaignId: values.campaignId || null,
    fields: contractFields(values),
    ...(sameSettings(values.settings, DEFAULT_FORM_SETTINGS) ? {} : { settings: values.settings }),
    allowedOrigins: values.allowedOrigins,
    isActive: values.isActive,
  };
}

export function toFormUpdate(id: string, values: FormBuilderValues): LeadFormUpdateInput {
  return {
    id,
    name: values.name.trim(),
    title: values.title.trim(),
    description: values.description.trim() || null,
    campaignId: values.campaignId || null,
    fields: contractFields(values),
    settings: values.settings,
    allowedOrigins: values.allowedOrigins,
    isActive: values.isActive,
  };
}

/**
 * Where a server field error belongs in the builder: `fields.2.options.0` → the third field's options
 * (`field:<key>:options`), `settings.notifications.1` → `notifications`, `allowedOrigins.0` → `allowedOrigins`,
 * `name` → `name`; anything else → null (shown above the form).
 */
export function builderSlotOf(path: string, fields: readonly BuilderField[]): string | null {
  const parts = path.split('.');
  const [head, second, third] = parts;
  if (head === 'name' || head === 'title' || head === 'description' || head === 'campaignId' || head === 'allowedOrigins') return head;
  if (head === 'fields') {
    const field = second !== undefined && /^\d+$/.test(second) ? fields[Number(second)] : undefined;
    if (!field) return 'fields';
    const prop = third === 'name' || third === 'label' || third === 'placeholder' || third === 'options' || third === 'type' ? third : 'label';
    return `field:${field.key}:${prop}`;
  }
  if (head === 'settings') {
    if (second === 'redirectUrl' || second === 'notifications') return second;
    if (second === 'autoResponder') return third === 'message' ? 'autoResponderMessage' : 'autoResponderSubject';
  }
  return null;
}

/** Embed snippets of a form (docs/MARKETING.md, services/src/marketing/embed.routes.ts). */
export function embedSnippets(origin: string, slug: string) {
  const hosted = `${origin}/f/${slug}`;
  return {
    hosted,
    script: `<script src="${origin}/embed/forms.js" data-form="${slug}" async></script>`,
    iframe: `<iframe src="${hosted}?embed=1" title="${slug}" width="100%" height="640" style="border:0;max-width:640px" loading="lazy"></iframe>`,
  };
}
