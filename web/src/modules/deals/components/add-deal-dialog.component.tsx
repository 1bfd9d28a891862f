import { Alert, Button, CloseButton, Dialog, Field, Input, NativeSelect, Portal, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { DEAL_STAGES, LEAD_SOURCES, type DealStage, type DealView, type LeadSource } from '@crm/contracts';
import { useId, type ReactNode } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { serverMessage } from '../../api/server-message.util.ts';
import { useAssignees } from '../hooks/use-assignees.hook.ts';
import { useCreateDeal, type DealSubmitError } from '../hooks/use-create-deal.hook.ts';
import type { DealFormField } from '../utils/deal-form.util.ts';
import { CustomerPicker } from './customer-picker.component.tsx';

interface AddDealDialogProps {
  open: boolean;
  onClose(): void;
  onCreated(deal: DealView): void;
}

/** Add Deal: a real dialog that creates the deal with `deals.create`; the server's field errors show beside the fields. */
export function AddDealDialog({ open, onClose, onCreated }: AddDealDialogProps) {
  const { LL } = useI18nContext();
  const form = useCreateDeal(onCreated);
  const assignees = useAssignees(open);
  const formId = useId();
  const { values, setField, fieldErrors } = form;

  const close = () => {
    form.reset();
    onClose();
  };

  const errorText = (error: DealSubmitError) => {
    if (error.kind === 'network') return LL.deals.dialog.network();
    if (error.kind === 'fields') return LL.deals.dialog.checkFields();
    return [serverMessage(error.failure, LL) ?? LL.deals.dialog.failed(), ...error.otherFields].join(' ');
  };

  const field = (name: DealFormField, control: ReactNode, required = false) => (
    <Field.Root required={required} invalid={Boolean(fieldErrors[name])}>
      <Field.Label>
        {LL.deals.dialog.fields[name]()}
        {required ? (
          <Field.RequiredIndicator />
        ) : (
          <Text as="span" color="fg.muted" fontWeight="normal" fontSize="xs">
            {LL.common.optional()}
          </Text>
        )}
      </Field.Label>
      {control}
      <Field.ErrorText data-testid={`deal-error-${name}`}>{fieldErrors[name] ? LL.deals.dialog.fieldErrors[name]() : null}</Field.ErrorText>
    </Field.Root>
  );

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) close();
      }}
      size={{ base: 'full', sm: 'lg' }}
      placement="center"
      scrollBehavior="inside"
      closeOnInteractOutside={!form.submitting}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="deal-dialog">
            <Dialog.Header>
              <Dialog.Title>{LL.deals.dialog.title()}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text color="fg.muted" fontSize="sm" mb={4}>
                {LL.deals.dialog.description()}
              </Text>
              <form
                id={formId}
                noValidate
                onSubmit={(event) => {
                  event.preventDefault();
                  void form.submit();
                }}
              >
                <Stack gap={4}>
                  {form.submitError ? (
                    <Alert.Root status="error" data-testid="deal-submit-error">
                      <Alert.Indicator />
                      <Alert.Description>{errorText(form.submitError)}</Alert.Description>
                    </Alert.Root>
                  ) : null}
                  {field(
                    'title',
                    <Input name="title" placeholder={LL.deals.dialog.placeholders.title()} value={values.title} onChange={(e) => setField('title', e.currentTarget.value)} />,
                    true,
                  )}
                  {field(
                    'customerId',
                    <CustomerPicker
                      customerId={values.customerId}
                      customerName={values.customerName}
                      enabled={open}
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
                      <Input name="value" type="number" inputMode="decimal" min={0} step="0.01" dir="ltr" placeholder={LL.deals.dialog.placeholders.value()} value={values.value} onChange={(e) => setField('value', e.currentTarget.value)} />,
                    )}
                    {field(
                      'probability',
                      <Input name="probability" type="number" inputMode="numeric" min={0} max={100} step={1} dir="ltr" placeholder={LL.deals.dialog.placeholders.probability()} value={values.probability} onChange={(e) => setField('probability', e.currentTarget.value)} />,
                    )}
                    {field(
                      'stage',
                      <NativeSelect.Root>
                        <NativeSelect.Field name="stage" value={values.stage} onChange={(e) => setField('stage', e.currentTarget.value as DealStage)}>
                          {DEAL_STAGES.map((stage) => (
                            <option key={stage} value={stage}>
                              {LL.deals.stages[stage]()}
                            </option>
                          ))}
                        </NativeSelect.Field>
                        <NativeSelect.Indicator />
                      </NativeSelect.Root>,
                    )}
                    {field(
                      'expectedCloseDate',
                      <Input name="expectedCloseDate" type="date" value={values.expectedCloseDate} onChange={(e) => setField('expectedCloseDate', e.currentTarget.value)} />,
                    )}
                    {field(
                      'leadSource',
                      <NativeSelect.Root>
                        <NativeSelect.Field name="leadSource" value={values.leadSource} onChange={(e) => setField('leadSource', e.currentTarget.value as LeadSource | '')}>
                          <option value="">{LL.deals.dialog.placeholders.leadSource()}</option>
                          {LEAD_SOURCES.map((source) => (
                            <option key={source} value={source}>
                              {LL.deals.leadSources[source]()}
                            </option>
                          ))}
                        </NativeSelect.Field>
                        <NativeSelect.Indicator />
                      </NativeSelect.Root>,
                    )}
                    {field(
                      'assignedTo',
                      <NativeSelect.Root>
                        <NativeSelect.Field name="assignedTo" value={values.assignedTo} onChange={(e) => setField('assignedTo', e.currentTarget.value)}>
                          <option value="">{LL.deals.dialog.placeholders.assignedTo()}</option>
                          {(assignees.data?.assignees ?? []).map((person) => (
                            <option key={person.id} value={person.id}>
                              {person.name}
                            </option>
                          ))}
                        </NativeSelect.Field>
                        <NativeSelect.Indicator />
                      </NativeSelect.Root>,
                    )}
                  </SimpleGrid>
                  {field('tags', <Input name="tags" placeholder={LL.deals.dialog.placeholders.tags()} value={values.tags} onChange={(e) => setField('tags', e.currentTarget.value)} />)}
                </Stack>
              </form>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={close}>
                {LL.deals.dialog.cancel()}
              </Button>
              <Button type="submit" form={formId} colorPalette="blue" loading={form.submitting} loadingText={LL.deals.dialog.submitting()} data-testid="deal-submit">
                {LL.deals.dialog.submit()}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={LL.common.close()} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
