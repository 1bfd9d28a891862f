import { Box, Button, Checkbox, CloseButton, Dialog, Field, Input, Link, NativeSelect, Portal, RadioGroup, Stack, Text, Textarea } from '@chakra-ui/react';
import type { FormField } from '@crm/contracts/marketing/marketing.constants';
import type { LeadFormView } from '@crm/contracts/marketing/marketing.views';
import { useI18nContext } from '../../../../i18n/i18n-react.tsx';

function PreviewField({ field }: { field: FormField }) {
  const placeholder = field.placeholder ?? undefined;
  const control = (() => {
    switch (field.type) {
      case 'textarea':
        return <Textarea placeholder={placeholder} rows={3} readOnly />;
      case 'select':
        return (
          <NativeSelect.Root>
            <NativeSelect.Field defaultValue="">
              <option value="">{placeholder ?? ''}</option>
              {field.options.map((o) => (
                <option key={o}>{o}</option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        );
      case 'radio':
        return (
          <RadioGroup.Root name={field.name}>
            <Stack gap={1}>
              {field.options.map((o) => (
                <RadioGroup.Item key={o} value={o}>
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>{o}</RadioGroup.ItemText>
                </RadioGroup.Item>
              ))}
            </Stack>
          </RadioGroup.Root>
        );
      case 'checkbox':
        return (
          <Stack gap={1}>
            {(field.options.length > 0 ? field.options : [field.label]).map((o) => (
              <Checkbox.Root key={o} size="sm">
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{o}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Stack>
        );
      default:
        return <Input type={field.type === 'email' ? 'email' : field.type === 'phone' ? 'tel' : 'text'} placeholder={placeholder} readOnly />;
    }
  })();
  return (
    <Field.Root required={field.required} data-testid="form-preview-field" data-field-name={field.name}>
      <Field.Label>
        {field.label}
        {field.required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      {control}
    </Field.Root>
  );
}

/** Preview: the form as visitors see it (its fields in order, nothing is sent), and a link to its hosted page. */
export function FormPreviewDialog({ form, onClose }: { form: LeadFormView | null; onClose(): void }) {
  const { LL } = useI18nContext();
  const t = LL.marketing.forms.preview;
  return (
    <Dialog.Root open={form !== null} onOpenChange={(d) => (d.open ? undefined : onClose())} placement="center" size={{ base: 'full', sm: 'md' }} scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="form-preview-dialog">
            <Dialog.Header>
              <Dialog.Title>{t.title()}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {form ? (
                <Stack gap={4}>
                  <Text fontSize="xs" color="fg.muted">
                    {t.note()}
                  </Text>
                  <Box borderWidth="1px" borderColor="border.muted" rounded="md" p={4}>
                    <Stack gap={4} dir="auto">
                      <Text fontSize="lg" fontWeight="semibold">
                        {form.title}
                      </Text>
                      {form.description ? <Text color="fg.muted">{form.description}</Text> : null}
                      {form.fields.map((field) => (
                        <PreviewField key={field.name} field={field} />
                      ))}
                      <Button colorPalette="blue" disabled alignSelf="flex-start">
                        {t.submit()}
                      </Button>
                    </Stack>
                  </Box>
                  <Link href={`/f/${form.slug}`} target="_blank" rel="noopener" fontSize="sm" colorPalette="blue" data-testid="form-preview-open">
                    {t.openHosted()}
                  </Link>
                </Stack>
              ) : null}
            </Dialog.Body>
            <Dialog.Footer>
              <Button colorPalette="blue" onClick={onClose} data-testid="form-preview-close">
                {t.close()}
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
