import { Field, Input, NativeSelect, SimpleGrid, Textarea } from '@chakra-ui/react';
import { CUSTOMER_STATUSES, INDUSTRIES, LEAD_SOURCES } from '@crm/contracts/crm/crm.constants';
import { can } from '@crm/contracts/identity/permissions';
import type { ReactNode } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { trpc } from '../../api/trpc.client.ts';
import { useSession } from '../../auth/hooks/use-session.hook.ts';
import { isCustomerStatus, isIndustry, isLeadSource, type CustomerFormField, type CustomerFormValues } from '../utils/customer-form.util.ts';

interface CustomerFormFieldsProps {
  values: CustomerFormValues;
  onChange(next: CustomerFormValues): void;
  /** Messages per field (client checks, then the server's fieldErrors). */
  errors: Partial<Record<string, string>>;
  /** The detail dialog's edit mode: one "street, city, country" box instead of three fields. */
  addressLine?: { value: string; onChange(value: string): void };
  testIdPrefix: string;
}

/** The customer's fields (spec 02 §3 Customer), shared by the Add / Edit dialog and the detail's edit mode. */
export function CustomerFormFields({ values, onChange, errors, addressLine, testIdPrefix }: CustomerFormFieldsProps) {
  const { LL } = useI18nContext();
  const f = LL.customers.form;
  const assignees = trpc.crm.assignees.useQuery(undefined, { staleTime: 60_000 });
  const session = useSession();
  const set = <K extends CustomerFormField>(key: K, value: CustomerFormValues[K]) => onChange({ ...values, [key]: value });

  const wrap = (field: string, label: string, control: ReactNode, options: { required?: boolean; span?: boolean; hint?: string } = {}) => (
    <Field.Root invalid={!!errors[field]} required={options.required} gridColumn={options.span ? { sm: 'span 2' } : undefined}>
      <Field.Label>
        {label}
        {options.required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      {control}
      {options.hint && !errors[field] ? <Field.HelperText>{options.hint}</Field.HelperText> : null}
      <Field.ErrorText data-testid={`${testIdPrefix}-error-${field}`}>{errors[field]}</Field.ErrorText>
    </Field.Root>
  );
  const text = (field: Exclude<CustomerFormField, 'industry' | 'status' | 'leadSource'>, type = 'text', ltr = false) => (
    <Input
      name={field}
      type={type}
      size="sm"
      dir={ltr ? 'ltr' : 'auto'}
      value={values[field]}
      onChange={(e) => set(field, e.currentTarget.value)}
      data-testid={`${testIdPrefix}-${field}`}
    />
  );
  const select = (field: 'industry' | 'status' | 'leadSource' | 'assignedTo', options: { value: string; label: string }[], parse: (v: string) => void) => (
    <NativeSelect.Root size="sm">
      <NativeSelect.Field name={field} value={values[field]} onChange={(e) => parse(e.currentTarget.value)} data-testid={`${testIdPrefix}-${field}`}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );

  // Only managers and admins may leave a customer unassigned (the server refuses it to a user).
  const mayUnassign = session.data ? can(session.data.userType, 'crm:all') : false;
  const assigneeOptions = [...(mayUnassign ? [{ value: '', label: f.unassigned() }] : []), ...(assignees.data?.assignees ?? []).map((a) => ({ value: a.id, label: a.name }))];
  // An owner no longer assignable (deactivated since) stays selectable as it is, under a name rather than an id.
  if (values.assignedTo && !assigneeOptions.some((o) => o.value === values.assignedTo) && assignees.data) assigneeOptions.push({ value: values.assignedTo, label: f.formerAssignee() });

  return (
    <SimpleGrid columns={{ base: 1, sm: 2 }} gap={3}>
      {wrap('name', f.name(), text('name'), { required: true })}
      {wrap('email', f.email(), text('email', 'email', true))}
      {wrap('phone', f.phone(), text('phone', 'tel', true))}
      {wrap('company', f.company(), text('company'))}
      {wrap('website', f.website(), text('website', 'url', true))}
      {wrap(
        'industry',
        f.industry(),
        select('industry', [{ value: '', label: f.noIndustry() }, ...INDUSTRIES.map((i) => ({ value: i, label: LL.customers.industries[i]() }))], (v) =>
          set('industry', isIndustry(v) ? v : ''),
        ),
      )}
      {addressLine ? (
        <Field.Root invalid={!!(errors.address || errors.city || errors.country)} gridColumn={{ sm: 'span 2' }}>
          <Field.Label>{LL.customers.detail.addressLine()}</Field.Label>
          <Input name="addressLine" dir="auto" size="sm" value={addressLine.value} onChange={(e) => addressLine.onChange(e.currentTarget.value)} data-testid={`${testIdPrefix}-addressLine`} />
          <Field.HelperText>{LL.customers.detail.addressHint()}</Field.HelperText>
          <Field.ErrorText data-testid={`${testIdPrefix}-error-address`}>{errors.address ?? errors.city ?? errors.country}</Field.ErrorText>
        </Field.Root>
      ) : (
        <>
          {wrap('address', f.address(), text('address'), { span: true })}
          {wrap('city', f.city(), text('city'))}
          {wrap('country', f.country(), text('country'))}
        </>
      )}
      {wrap(
        'status',
        f.status(),
        select('status', CUSTOMER_STATUSES.map((s) => ({ value: s, label: LL.customers.statuses[s]() })), (v) => isCustomerStatus(v) && set('status', v)),
      )}
      {wrap('leadScore', f.leadScore(), <Input name="leadScore" type="number" min={0} max={100} step={1} size="sm" value={values.leadScore} onChange={(e) => set('leadScore', e.currentTarget.value)} data-testid={`${testIdPrefix}-leadScore`} />)}
      {wrap(
        'leadSource',
        f.source(),
        select('leadSource', [{ value: '', label: f.noSource() }, ...LEAD_SOURCES.map((s) => ({ value: s, label: LL.customers.sources[s]() }))], (v) =>
          set('leadSource', isLeadSource(v) ? v : ''),
        ),
      )}
      {wrap('assignedTo', f.assignedTo(), select('assignedTo', assigneeOptions, (v) => set('assignedTo', v)))}
      {wrap('tags', f.tags(), text('tags'), { span: true, hint: f.tagsHint() })}
      {wrap(
        'notes',
        f.notes(),
        <Textarea name="notes" dir="auto" size="sm" rows={3} value={values.notes} onChange={(e) => set('notes', e.currentTarget.value)} data-testid={`${testIdPrefix}-notes`} />,
        { span: true },
      )}
    </SimpleGrid>
  );
}
