import { Alert, Button, Dialog, Field, Input, NativeSelect, Portal, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import { CAMPAIGN_TYPES, MARKETING_LIMITS } from '@crm/contracts/marketing/marketing.constants';
import type { CampaignView } from '@crm/contracts/marketing/marketing.views';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useI18nContext } from '../../../../i18n/i18n-react.tsx';
import { describeApiError } from '../../../api/api-error.util.ts';
import { splitFieldErrors, translatedFieldErrors } from '../../../api/field-issues.util.ts';
import { serverMessage } from '../../../api/server-message.util.ts';
import { toast } from '../../../ui/utils/app-toaster.util.ts';
import { useCampaignMutations } from '../../hooks/use-campaigns.hook.ts';
import { campaignFormComplete, campaignFormValues, campaignPayload, isCampaignFormField, type CampaignFormField, type CampaignFormValues } from './campaign-form.util.ts';

interface CampaignFormDialogProps {
  open: boolean;
  /** The campaign to edit; null: Create Campaign. */
  campaign: CampaignView | null;
  onClose(): void;
  /** After a create: the new campaign. */
  onCreated?(campaign: CampaignView): void;
}

/**
 * Create Campaign and Edit Campaign, one form: name and type required (else 'Please provide campaign name and
 * type', spec 02 §5), description, budget (default 0), start and end dates, target audience, UTM campaign; the
 * server's field errors at their fields.
 */
export function CampaignFormDialog({ open, campaign, onClose, onCreated }: CampaignFormDialogProps) {
  const { LL } = useI18nContext();
  const t = LL.marketing.campaigns.form;
  const formId = useId();
  const { create, update } = useCampaignMutations();
  const [values, setValues] = useState<CampaignFormValues>(() => campaignFormValues(campaign));
  const [message, setMessage] = useState<string | null>(null);
  const [errors, setErrors] = useState<Partial<Record<CampaignFormField, string>>>({});
  const saving = create.isPending || update.isPending;

  useEffect(() => {
    if (!open) return;
    setValues(campaignFormValues(campaign));
    setMessage(null);
    setErrors({});
  }, [open, campaign]);

  const set = (key: keyof CampaignFormValues, value: string, field: CampaignFormField = key === 'audience' ? 'targetAudience' : (key as CampaignFormField)) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async () => {
    if (!campaignFormComplete(values)) {
      setMessage(t.required());
      return;
    }
    if (values.startDate && values.endDate && values.endDate < values.startDate) {
      setErrors({ endDate: t.endBeforeStart() });
      return;
    }
    setMessage(null);
    const payload = campaignPayload(values);
    try {
      if (campaign) {
        await update.mutateAsync({ id: campaign.id, ...payload });
        toast({ type: 'success', title: t.updated() });
      } else {
        const created = await create.mutateAsync(payload);
        toast({ type: 'success', title: t.created() });
        onCreated?.(created);
      }
      onClose();
    } catch (caught) {
      const failure = describeApiError(caught);
      if (failure.kind !== 'server') {
        setMessage(t.failed());
        return;
      }
      const { byField, other } = splitFieldErrors(translatedFieldErrors(failure.fieldErrors, failure.fieldIssues, LL), isCampaignFormField);
      setErrors(byField);
      const text = Object.keys(byField).length > 0 ? other.join(' ') : (serverMessage(failure, LL) ?? t.failed());
      setMessage(text || null);
    }
  };

  const field = (slot: CampaignFormField, label: string, control: ReactNode, options: { required?: boolean; hint?: string } = {}) => (
    <Field.Root required={options.required} invalid={Boolean(errors[slot])}>
      <Field.Label>
        {label}
        {options.required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      {control}
      {options.hint ? <Field.HelperText>{options.hint}</Field.HelperText> : null}
      <Field.ErrorText data-testid={`campaign-error-${slot}`}>{errors[slot]}</Field.ErrorText>
    </Field.Root>
  );

  return (
    <Dialog.Root open={open} onOpenChange={(d) => (d.open ? undefined : onClose())} size={{ base: 'full', md: 'lg' }} placement="center" scrollBehavior="inside" closeOnInteractOutside={false}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="campaign-form-dialog">
            <Dialog.Header>
              <Dialog.Title>{campaign ? t.editTitle() : t.createTitle()}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <form
                id={formId}
                noValidate
                onSubmit={(event) => {
                  event.preventDefault();
                  void submit();
                }}
              >
                <Stack gap={4}>
                  {message ? (
                    <Alert.Root status="error" data-testid="campaign-form-error">
                      <Alert.Indicator />
                      <Alert.Description>{message}</Alert.Description>
                    </Alert.Root>
                  ) : null}
                  {field('name', t.name(), <Input name="name" maxLength={MARKETING_LIMITS.name} value={values.name} onChange={(e) => set('name', e.currentTarget.value)} data-testid="campaign-name" />, { required: true })}
                  {field(
                    'type',
                    t.type(),
                    <NativeSelect.Root>
                      <NativeSelect.Field name="type" value={values.type} onChange={(e) => set('type', e.currentTarget.value)} data-testid="campaign-type">
                        <option value="">{t.typePlaceholder()}</option>
                        {CAMPAIGN_TYPES.map((type) => (
                          <option key={type} value={type}>
                            {LL.marketing.campaigns.types[type]()}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>,
                    { required: true },
                  )}
                  {field('description', t.description(), <Textarea name="description" rows={2} maxLength={MARKETING_LIMITS.description} value={values.description} onChange={(e) => set('description', e.currentTarget.value)} data-testid="campaign-description" />)}
                  <SimpleGrid columns={{ base: 1, sm: 3 }} gap={4}>
                    {field('budget', t.budget(), <Input name="budget" type="number" inputMode="decimal" min={0} step="0.01" dir="ltr" value={values.budget} onChange={(e) => set('budget', e.currentTarget.value)} data-testid="campaign-budget" />)}
                    {field('startDate', t.startDate(), <Input name="startDate" type="date" dir="ltr" value={values.startDate} onChange={(e) => set('startDate', e.currentTarget.value)} data-testid="campaign-start" />)}
                    {field('endDate', t.endDate(), <Input name="endDate" type="date" dir="ltr" value={values.endDate} onChange={(e) => set('endDate', e.currentTarget.value)} data-testid="campaign-end" />)}
                  </SimpleGrid>
                  {field(
                    'targetAudience',
                    t.audience(),
                    <Textarea name="audience" rows={3} value={values.audience} onChange={(e) => set('audience', e.currentTarget.value)} data-testid="campaign-audience" />,
                    { hint: t.audienceHint() },
                  )}
                  {field(
                    'utmCampaign',
                    t.utmCampaign(),
                    <Input name="utmCampaign" dir="ltr" maxLength={MARKETING_LIMITS.utm} value={values.utmCampaign} onChange={(e) => set('utmCampaign', e.currentTarget.value)} data-testid="campaign-utm" />,
                    { hint: t.utmHint() },
                  )}
                </Stack>
              </form>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} data-testid="campaign-form-cancel">
                {t.cancel()}
              </Button>
              <Button colorPalette="blue" type="submit" form={formId} loading={saving} loadingText={t.saving()} data-testid="campaign-form-save">
                {campaign ? t.save() : t.create()}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
