import { Alert, Field, Input, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { LEAD_SOURCES, type LeadSource } from '@crm/contracts';
import type { ReactNode } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { serverMessage } from '../../api/server-message.util.ts';
import { useAssignees } from '../hooks/use-assignees.hook.ts';
import type { DealSubmitError } from '../hooks/use-create-deal.hook.ts';
import type { DealFormField, DealFormValues } from '../utils/deal-form.util.ts';
import { CustomerPicker } from './customer-picker.component.tsx';

interface DealEditFormProps {
  formId: string;
  values: DealFormValues;
  fieldErrors: Partial<Record<DealFormField, string>>;
  submitError: DealSubmitError | null;
  /** The owner select (`crm:all`); a `crm:own` user's deals stay theirs. */
  withOwner: boolean;
  setField<F extends keyof DealFormValues>(field: F, value: DealFormValues[F]): void;
  onSubmit(): void;
}

/** The deal dialog's Edit form: title, customer, value, probability, expected close date, source, owner, tags; errors under their fields. */
export function DealEditForm({ formId, values, fieldErrors, submitError, withOwner, setField, onSubmit }: DealEditFormProps) {
  const { LL } = useI18nContext();
  const t = LL.deals.dialog;
  const assignees = useAssignees(withOwner);

  const errorText = (error: DealSubmitError) => {
    if (error.kind === 'network') return t.network();
    if (error.kind === 'fields') return t.checkFields();
    return [serverMessage(error.failure, LL) ?? LL.deals.toasts.updateFailed(), ...error.otherFields].join(' ');
  };

  const field = (name: DealFormField, control: ReactNode, required = false) => (
    <Field.Root required={required} invalid={Boolean(fieldErrors[name])} data-testid={`deal-edit-field-${name}`}>
      <Field.Label>
        {t.fields[name]()}
        {required ? (
          <Field.RequiredIndicator />
        ) : (
          <Text as="span" color="fg.muted" fontWeight="normal" fontSize="xs">
            {LL.common.optional()}
          </Text>
        )}
      </Field.Label>
      {control}
      <Field.ErrorText data-testid={`deal-edit-error-${name}`}>{fieldErrors[name] ? t.fieldErrors[name]() : null}</Field.ErrorText>
    </Field.Root>
  );

  return (
    <form
      id={formId}
      noValidate
      data-testid="deal-edit-form"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Stack gap={4}>
        {submitError ? (
          <Alert.Root status="error" data-testid="deal-edit-error">
            <Alert.Indicator />
            <Alert.Description>{errorText(submitError)}</Alert.Description>
          </Alert.Root>
        ) : null}
        {field('title', <Input name="title" value={values.title} onChange={(e) => setField('title', e.currentTarget.value)} />, true)}
        {field(
          'customerId',
          <CustomerPicker
            customerId={values.customerId}
            customerName={values.customerName}
            enabled
            invalid={Boolean(fieldErrors.customerId)}
            onChange={(id, name) => {
              setField('customerId', id);
              setField('customerName', name);
            }}
          />,
          true,
        )}
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap={4}>
          {field(
            'value',
            <Input name="value" type="number" inputMode="decimal" min={0} step="0.01" dir="ltr" value={values.value} onChange={(e) => setField('value', e.currentTarget.value)} />,
          )}
          {field(
            'probability',
            <Input name="probability" type="number" inputMode="numeric" min={0} max={100} step={1} dir="ltr" value={values.probability} onChange={(e) => setField('probability', e.currentTarget.value)} />,
          )}
          {field(
            'expectedCloseDate',
            <Input name="expectedCloseDate" type="date" value={values.expectedCloseDate} onChange={(e) => setField('expectedCloseDate', e.currentTarget.value)} />,
          )}
          {field(
            'leadSource',
            <NativeSelect.Root>
              <NativeSelect.Field name="leadSource" value={values.leadSource} onChange={(e) => setField('leadSource', e.currentTarget.value as LeadSource | '')}>
                <option value="">{t.placeholders.leadSource()}</option>
                {LEAD_SOURCES.map((source) => (
                  <option key={source} value={source}>
                    {LL.deals.leadSources[source]()}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>,
          )}
          {withOwner
            ? field(
                'assignedTo',
                <NativeSelect.Root>
                  <NativeSelect.Field name="assignedTo" value={values.assignedTo} onChange={(e) => setField('assignedTo', e.currentTarget.value)}>
                    <option value="">{LL.deals.detail.unassigned()}</option>
                    {(assignees.data?.assignees ?? []).map((person) => (
                      <option key={person.id} value={person.id}>
                        {person.name}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>,
              )
            : null}
        </SimpleGrid>
        {withOwner ? null : (
          <Text fontSize="xs" color="fg.muted">
            {LL.deals.detail.ownerOnlyYou()}
          </Text>
        )}
        {field('tags', <Input name="tags" placeholder={t.placeholders.tags()} value={values.tags} onChange={(e) => setField('tags', e.currentTarget.value)} />)}
      </Stack>
    </form>
  );
}
