import { Alert, Field, Input, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { DEAL_STAGES, LEAD_SOURCES, type DealStage, type LeadSource } from '@crm/contracts';
import type { ReactNode } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { serverMessage } from '../../api/server-message.util.ts';
import { useAssignees } from '../hooks/use-assignees.hook.ts';
import type { DealFormState, DealSubmitError } from '../hooks/use-deal-form.hook.ts';
import type { DealFormField } from '../utils/deal-form.util.ts';
import { CustomerPicker } from './customer-picker.component.tsx';

interface DealFormProps {
  formId: string;
  form: DealFormState;
  /** `create` (Add Deal) asks for the stage; `edit` leaves it to the board. */
  mode: 'create' | 'edit';
  /** The owner select (`crm:all`); a `crm:own` user's deals stay theirs. Always shown when creating. */
  withOwner: boolean;
  /** Test ids: `<testId>-form`, `<testId>-field-<name>`, `<testId>-error-<name>`, `<testId>-submit-error`. */
  testId: string;
  /** What the alert says when the server refused for no reason it names. */
  failedText: string;
  onSubmit(): void;
}

/** The deal's fields, for Add Deal and Edit: title, customer, value, probability, (stage), close date, source, owner, tags; errors under their fields. */
export function DealForm({ formId, form, mode, withOwner, testId, failedText, onSubmit }: DealFormProps) {
  const { LL } = useI18nContext();
  const t = LL.deals.dialog;
  const { values, setField, fieldErrors, submitError } = form;
  const assignees = useAssignees(withOwner);
  if (!values) return null;

  const errorText = (error: DealSubmitError) => {
    if (error.kind === 'network') return t.network();
    if (error.kind === 'fields') return t.checkFields();
    return [serverMessage(error.failure, LL) ?? failedText, ...error.otherFields].join(' ');
  };

  const field = (name: DealFormField, control: ReactNode, required = false) => (
    <Field.Root required={required} invalid={Boolean(fieldErrors[name])} data-testid={`${testId}-field-${name}`}>
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
      <Field.ErrorText data-testid={`${testId}-error-${name}`}>{fieldErrors[name] ? t.fieldErrors[name]() : null}</Field.ErrorText>
    </Field.Root>
  );

  const select = (name: DealFormField, value: string, onChange: (value: string) => void, options: { value: string; label: string }[]) => (
    <NativeSelect.Root>
      <NativeSelect.Field name={name} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );

  return (
    <form
      id={formId}
      noValidate
      data-testid={`${testId}-form`}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Stack gap={4}>
        {submitError ? (
          <Alert.Root status="error" data-testid={`${testId}-submit-error`}>
            <Alert.Indicator />
            <Alert.Description>{errorText(submitError)}</Alert.Description>
          </Alert.Root>
        ) : null}
        {field('title', <Input name="title" placeholder={t.placeholders.title()} value={values.title} onChange={(e) => setField('title', e.currentTarget.value)} />, true)}
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
            <Input name="value" type="number" inputMode="decimal" min={0} step="0.01" dir="ltr" placeholder={t.placeholders.value()} value={values.value} onChange={(e) => setField('value', e.currentTarget.value)} />,
          )}
          {field(
            'probability',
            <Input name="probability" type="number" inputMode="numeric" min={0} max={100} step={1} dir="ltr" placeholder={t.placeholders.probability()} value={values.probability} onChange={(e) => setField('probability', e.currentTarget.value)} />,
          )}
          {mode === 'create'
            ? field(
                'stage',
                select(
                  'stage',
                  values.stage,
                  (v) => setField('stage', v as DealStage),
                  DEAL_STAGES.map((stage) => ({ value: stage, label: LL.deals.stages[stage]() })),
                ),
              )
            : null}
          {field('expectedCloseDate', <Input name="expectedCloseDate" type="date" value={values.expectedCloseDate} onChange={(e) => setField('expectedCloseDate', e.currentTarget.value)} />)}
          {field(
            'leadSource',
            select('leadSource', values.leadSource, (v) => setField('leadSource', v as LeadSource | ''), [
              { value: '', label: t.placeholders.leadSource() },
              ...LEAD_SOURCES.map((source) => ({ value: source, label: LL.deals.leadSources[source]() })),
            ]),
          )}
          {withOwner
            ? field(
                'assignedTo',
                select('assignedTo', values.assignedTo, (v) => setField('assignedTo', v), [
                  { value: '', label: mode === 'create' ? t.placeholders.assignedTo() : LL.deals.detail.unassigned() },
                  ...(assignees.data?.assignees ?? []).map((person) => ({ value: person.id, label: person.name })),
                ]),
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
