import { Alert, Box, Button, Checkbox, CloseButton, Dialog, Field, HStack, Input, NativeSelect, Portal, Separator, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { MARKETING_LIMITS, type FormSettings } from '@crm/contracts/marketing/marketing.constants';
import type { LeadFormView } from '@crm/contracts/marketing/marketing.views';
import { useEffect, useId, type ReactNode } from 'react';
import { useI18nContext } from '../../../../i18n/i18n-react.tsx';
import { serverMessage } from '../../../api/server-message.util.ts';
import { ToggleSwitch } from '../../../consent/components/toggle-switch.component.tsx';
import { useFormsBuilder, type FormSaveError } from '../../hooks/use-forms-builder.hook.ts';
import { useFormsCampaignOptions } from '../../hooks/use-forms-campaign-options.hook.ts';
import { formToValues, newFormValues, type FormBuilderValues } from './form-builder.util.ts';
import { FormFieldsEditor } from './form-fields-editor.component.tsx';
import { ListEditor } from './list-editor.component.tsx';

const INTEGRATIONS = ['crm', 'email', 'analytics'] as const;

interface FormBuilderDialogProps {
  /** 'new' (Create Form), a form (Edit Form), or null: closed. */
  editing: 'new' | LeadFormView | null;
  onClose(): void;
  /** Sends the values (create or update) and answers the saved form. */
  onSave(values: FormBuilderValues): Promise<LeadFormView>;
  onSaved(form: LeadFormView, created: boolean): void;
}

/**
 * Create Form and Edit Form, one builder: name and title (required: 'Please provide form name and title'),
 * description, campaign, the fields (FormFieldsEditor), settings (redirect, notification recipients,
 * auto-responder, integrations), allowed embed origins and the active switch; the server's errors at their fields.
 */
export function FormBuilderDialog({ editing, onClose, onSave, onSaved }: FormBuilderDialogProps) {
  const { LL } = useI18nContext();
  const t = LL.marketing.forms.builder;
  const formId = useId();
  const builder = useFormsBuilder();
  const { values, change, errors, saveError, saving, start } = builder;
  const campaigns = useFormsCampaignOptions();

  useEffect(() => {
    start(editing === null ? null : editing === 'new' ? newFormValues() : formToValues(editing));
  }, [editing, start]);

  const set = <K extends keyof FormBuilderValues>(key: K, value: FormBuilderValues[K], ...clear: string[]) => change((v) => ({ ...v, [key]: value }), key, ...clear);
  const setSettings = (patch: Partial<FormSettings>, ...clear: string[]) => change((v) => ({ ...v, settings: { ...v.settings, ...patch } }), ...clear);

  const errorText = (error: FormSaveError) => {
    if (error.kind === 'required') return t.requiredMissing();
    if (error.kind === 'network') return t.network();
    if (error.kind === 'fields') return t.checkFields();
    return [serverMessage(error.failure, LL) ?? t.failed(), ...error.otherFields].join(' ');
  };

  const field = (slot: string, label: string, control: ReactNode, options: { required?: boolean; hint?: string } = {}) => (
    <Field.Root required={options.required} invalid={Boolean(errors[slot])}>
      <Field.Label>
        {label}
        {options.required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      {control}
      {options.hint ? <Field.HelperText>{options.hint}</Field.HelperText> : null}
      <Field.ErrorText data-testid={`form-error-${slot}`}>{errors[slot]}</Field.ErrorText>
    </Field.Root>
  );

  const submit = () =>
    void builder.save(onSave, (form) => {
      onSaved(form, editing === 'new');
    });

  const isNew = editing === 'new';
  return (
    <Dialog.Root open={editing !== null} onOpenChange={(d) => (d.open ? undefined : onClose())} size={{ base: 'full', md: 'xl' }} placement="center" scrollBehavior="inside" closeOnInteractOutside={false}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="form-builder-dialog">
            <Dialog.Header>
              <Dialog.Title>{isNew ? t.createTitle() : t.editTitle()}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {values ? (
                <form
                  id={formId}
                  noValidate
                  onSubmit={(event) => {
                    event.preventDefault();
                    submit();
                  }}
                >
                  <Stack gap={5}>
                    {saveError ? (
                      <Alert.Root status="error" data-testid="form-builder-error">
                        <Alert.Indicator />
                        <Alert.Description>{errorText(saveError)}</Alert.Description>
                      </Alert.Root>
                    ) : null}
                    <SimpleGrid columns={{ base: 1, sm: 2 }} gap={4}>
                      {field('name', t.formName(), <Input name="name" maxLength={MARKETING_LIMITS.name} placeholder={t.formNamePlaceholder()} value={values.name} onChange={(e) => set('name', e.currentTarget.value)} data-testid="form-name" />, { required: true, hint: t.formNameHint() })}
                      {field('title', t.formTitle(), <Input name="title" maxLength={MARKETING_LIMITS.title} placeholder={t.formTitlePlaceholder()} value={values.title} onChange={(e) => set('title', e.currentTarget.value)} data-testid="form-title" />, { required: true, hint: t.formTitleHint() })}
                    </SimpleGrid>
                    {field('description', t.description(), <Textarea name="description" rows={2} maxLength={MARKETING_LIMITS.description} value={values.description} onChange={(e) => set('description', e.currentTarget.value)} data-testid="form-description" />)}
                    <SimpleGrid columns={{ base: 1, sm: 2 }} gap={4} alignItems="end">
                      {field(
                        'campaignId',
                        t.campaign(),
                        <NativeSelect.Root>
                          <NativeSelect.Field name="campaignId" value={values.campaignId} onChange={(e) => set('campaignId', e.currentTarget.value)} data-testid="form-campaign">
                            <option value="">{t.noCampaign()}</option>
                            {(campaigns.data ?? []).map((c) => (
                              <option key={c.id} value={c.id}>
                                {c.name}
                              </option>
                            ))}
                          </NativeSelect.Field>
                          <NativeSelect.Indicator />
                        </NativeSelect.Root>,
                        { hint: t.campaignHint() },
                      )}
                      <HStack gap={2} pb={{ sm: 6 }}>
                        <ToggleSwitch checked={values.isActive} onChange={(checked) => set('isActive', checked)} labelledBy={`${formId}-active`} testId="form-active" />
                        <Text as="span" id={`${formId}-active`} fontSize="sm">
                          {t.active()}
                        </Text>
                      </HStack>
                    </SimpleGrid>

                    <Separator />
                    <FormFieldsEditor fields={values.fields} errors={errors} onChange={(fields, ...clear) => change((v) => ({ ...v, fields }), ...clear)} />

                    <Separator />
                    <Stack gap={4} as="section" aria-labelledby={`${formId}-settings`}>
                      <Text id={`${formId}-settings`} fontWeight="semibold">
                        {t.settings()}
                      </Text>
                      {field(
                        'redirectUrl',
                        t.redirectUrl(),
                        <Input name="redirectUrl" dir="ltr" maxLength={MARKETING_LIMITS.redirectUrl} placeholder="/thank-you" value={values.settings.redirectUrl ?? ''} onChange={(e) => setSettings({ redirectUrl: e.currentTarget.value || null }, 'redirectUrl')} data-testid="form-redirect" />,
                        { hint: t.redirectUrlHint() },
                      )}
                      <ListEditor
                        label={t.notifications()}
                        hint={isNew ? t.notificationsNewHint() : t.notificationsHint()}
                        items={values.settings.notifications}
                        placeholder={t.notificationPlaceholder()}
                        addLabel={t.add()}
                        removeLabel={(item) => t.remove({ item })}
                        emptyText={t.notificationsEmpty()}
                        error={errors.notifications}
                        ltr
                        inputType="email"
                        maxItems={MARKETING_LIMITS.notifications}
                        onChange={(notifications) => setSettings({ notifications }, 'notifications')}
                        testId="form-notification"
                      />
                      <Box borderWidth="1px" borderColor="border.muted" rounded="md" p={3}>
                        <Checkbox.Root
                          checked={values.settings.autoResponder.enabled}
                          onCheckedChange={(d) => setSettings({ autoResponder: { ...values.settings.autoResponder, enabled: d.checked === true } })}
                          data-testid="form-autoresponder"
                        >
                          <Checkbox.HiddenInput />
                          <Checkbox.Control />
                          <Checkbox.Label>{t.autoResponder()}</Checkbox.Label>
                        </Checkbox.Root>
                        {values.settings.autoResponder.enabled ? (
                          <Stack gap={3} mt={3}>
                            {field(
                              'autoResponderSubject',
                              t.subject(),
                              <Input maxLength={MARKETING_LIMITS.subject} value={values.settings.autoResponder.subject} onChange={(e) => setSettings({ autoResponder: { ...values.settings.autoResponder, subject: e.currentTarget.value } }, 'autoResponderSubject')} data-testid="form-autoresponder-subject" />,
                            )}
                            {field(
                              'autoResponderMessage',
                              t.message(),
                              <Textarea rows={3} maxLength={MARKETING_LIMITS.message} value={values.settings.autoResponder.message} onChange={(e) => setSettings({ autoResponder: { ...values.settings.autoResponder, message: e.currentTarget.value } }, 'autoResponderMessage')} data-testid="form-autoresponder-message" />,
                            )}
                          </Stack>
                        ) : null}
                      </Box>
                      <Box as="fieldset">
                        <Text as="legend" fontSize="sm" fontWeight="medium" mb={2}>
                          {t.integrations()}
                        </Text>
                        <Stack gap={2}>
                          {INTEGRATIONS.map((key) => (
                            <Checkbox.Root
                              key={key}
                              size="sm"
                              checked={values.settings.integrations[key]}
                              onCheckedChange={(d) => setSettings({ integrations: { ...values.settings.integrations, [key]: d.checked === true } })}
                              data-testid={`form-integration-${key}`}
                            >
                              <Checkbox.HiddenInput />
                              <Checkbox.Control />
                              <Checkbox.Label>{t.integrationLabels[key]()}</Checkbox.Label>
                            </Checkbox.Root>
                          ))}
                        </Stack>
                      </Box>
                    </Stack>

                    <Separator />
                    <ListEditor
                      label={t.allowedOrigins()}
                      hint={t.allowedOriginsHint()}
                      items={values.allowedOrigins}
                      placeholder="https://example.com"
                      addLabel={t.add()}
                      removeLabel={(item) => t.remove({ item })}
                      emptyText={t.allowedOriginsEmpty()}
                      error={errors.allowedOrigins}
                      ltr
                      inputType="url"
                      maxItems={MARKETING_LIMITS.allowedOrigins}
                      onChange={(allowedOrigins) => set('allowedOrigins', allowedOrigins)}
                      testId="form-origin"
                    />
                  </Stack>
                </form>
              ) : null}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t.cancel()}
              </Button>
              <Button type="submit" form={formId} colorPalette="blue" loading={saving} data-testid="form-save">
                {isNew ? t.create() : t.save()}
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
