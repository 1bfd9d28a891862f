import { Box, Button, Checkbox, Field, HStack, IconButton, Input, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { FORM_FIELD_TYPES, MARKETING_LIMITS, type FormFieldType } from '@crm/contracts/marketing/marketing.constants';
import { useI18nContext } from '../../../../i18n/i18n-react.tsx';
import { LineIcon } from '../../../ui/components/line-icon.component.tsx';
import { useFormsFieldDrag } from '../../hooks/use-forms-field-drag.hook.ts';
import { blankField, hasOptions, moveField, withLabel, type BuilderField } from './form-builder.util.ts';
import { ListEditor } from './list-editor.component.tsx';

const UP = 'M12 19V5 M5 12l7-7 7 7';
const DOWN = 'M12 5v14 M19 12l-7 7-7-7';
const TRASH = 'M3 6h18 M8 6V4h8v2 M19 6l-1 14H6L5 6';
const GRIP = 'M9 5h.01 M9 12h.01 M9 19h.01 M15 5h.01 M15 12h.01 M15 19h.01';

interface FormFieldsEditorProps {
  fields: BuilderField[];
  /** Errors by builder slot (`field:<key>:<prop>`, `fields`). */
  errors: Record<string, string>;
  /** New fields; the slots named in `clear` lose their errors. */
  onChange(fields: BuilderField[], ...clear: string[]): void;
}

/**
 * The form's fields, in order: label, name (derived from the label until edited), type, placeholder, required,
 * and options for select, radio and checkbox. Reordered by dragging a row's handle, or with its move up / down
 * buttons (keyboard); added and removed (at least one field stays).
 */
export function FormFieldsEditor({ fields, errors, onChange }: FormFieldsEditorProps) {
  const { LL } = useI18nContext();
  const t = LL.marketing.forms.builder;
  const listRef = useFormsFieldDrag(fields, (next) => onChange(next));
  const update = (key: string, patch: Partial<BuilderField>, prop: string) => onChange(fields.map((f) => (f.key === key ? { ...f, ...patch } : f)), `field:${key}:${prop}`);
  const move = (index: number, to: number) => onChange(moveField(fields, index, to));
  const nameOf = (f: BuilderField, index: number) => f.label.trim() || t.fieldNumber({ n: index + 1 });

  return (
    <Stack gap={3} as="section" aria-labelledby="form-builder-fields">
      <HStack justify="space-between" wrap="wrap">
        <Stack gap={0}>
          <Text id="form-builder-fields" fontWeight="semibold">
            {t.fields()}
          </Text>
          <Text fontSize="xs" color="fg.muted">
            {t.fieldsHint()}
          </Text>
        </Stack>
        <Button
          size="sm"
          variant="outline"
          disabled={fields.length >= MARKETING_LIMITS.fields}
          onClick={() => onChange([...fields, blankField(fields.map((f) => f.name))], 'fields')}
          data-testid="form-field-add"
        >
          {t.addField()}
        </Button>
      </HStack>
      {errors.fields ? (
        <Text color="fg.error" fontSize="sm" role="alert">
          {errors.fields}
        </Text>
      ) : null}
      <Stack as="ol" ref={listRef} gap={3} listStyleType="none" data-testid="form-fields">
        {fields.map((field, index) => {
          const slot = (prop: string) => errors[`field:${field.key}:${prop}`];
          return (
            <Box
              as="li"
              key={field.key}
              data-sortable=""
              data-field-name={field.name}
              data-testid="form-field-row"
              borderWidth="1px"
              borderColor={Object.keys(errors).some((k) => k.startsWith(`field:${field.key}:`)) ? 'border.error' : 'border.muted'}
              rounded="md"
              p={3}
              bg="bg"
            >
              <HStack justify="space-between" mb={2} gap={2}>
                <HStack gap={2} minW={0}>
                  <Box
                    data-drag-handle=""
                    cursor="grab"
                    color="fg.muted"
                    title={t.dragHint()}
                    aria-hidden="true"
                    data-testid="form-field-handle"
                    p={1}
                    // A text box of the row losing focus on this press would make the library (0.6.1) take back the
                    // row's draggable, so no drag started: leave it before the library sees the press.
                    onPointerDownCapture={() => (document.activeElement instanceof HTMLElement ? document.activeElement.blur() : undefined)}
                  >
                    <LineIcon d={GRIP} size={18} />
                  </Box>
                  <Text fontSize="sm" fontWeight="medium" truncate>
                    {index + 1}. <bdi>{nameOf(field, index)}</bdi>
                  </Text>
                </HStack>
                <HStack gap={1}>
                  <IconButton size="xs" variant="ghost" aria-label={t.moveUp({ name: nameOf(field, index) })} disabled={index === 0} onClick={() => move(index, index - 1)} data-testid="form-field-up">
                    <LineIcon d={UP} size={16} />
                  </IconButton>
                  <IconButton size="xs" variant="ghost" aria-label={t.moveDown({ name: nameOf(field, index) })} disabled={index === fields.length - 1} onClick={() => move(index, index + 1)} data-testid="form-field-down">
                    <LineIcon d={DOWN} size={16} />
                  </IconButton>
                  <IconButton
                    size="xs"
                    variant="ghost"
                    colorPalette="red"
                    aria-label={t.removeField({ name: nameOf(field, index) })}
                    disabled={fields.length <= 1}
                    onClick={() => onChange(fields.filter((f) => f.key !== field.key))}
                    data-testid="form-field-remove"
                  >
                    <LineIcon d={TRASH} size={16} />
                  </IconButton>
                </HStack>
              </HStack>
              <SimpleGrid columns={{ base: 1, sm: 2 }} gap={3}>
                <Field.Root required invalid={Boolean(slot('label'))}>
                  <Field.Label>
                    {t.label()}
                    <Field.RequiredIndicator />
                  </Field.Label>
                  <Input size="sm" maxLength={MARKETING_LIMITS.label} value={field.label} onChange={(e) => onChange(withLabel(fields, field.key, e.currentTarget.value), `field:${field.key}:label`, `field:${field.key}:name`)} data-testid="form-field-label" />
                  <Field.ErrorText>{slot('label')}</Field.ErrorText>
                </Field.Root>
                <Field.Root required invalid={Boolean(slot('name'))}>
                  <Field.Label>
                    {t.name()}
                    <Field.RequiredIndicator />
                  </Field.Label>
                  <Input size="sm" dir="ltr" maxLength={MARKETING_LIMITS.fieldName} value={field.name} onChange={(e) => update(field.key, { name: e.currentTarget.value, nameEdited: true }, 'name')} data-testid="form-field-name" />
                  <Field.HelperText>{t.nameHint()}</Field.HelperText>
                  <Field.ErrorText>{slot('name')}</Field.ErrorText>
                </Field.Root>
                <Field.Root invalid={Boolean(slot('type'))}>
                  <Field.Label>{t.type()}</Field.Label>
                  <NativeSelect.Root size="sm">
                    <NativeSelect.Field value={field.type} onChange={(e) => update(field.key, { type: e.currentTarget.value as FormFieldType }, 'type')} data-testid="form-field-type">
                      {FORM_FIELD_TYPES.map((type) => (
                        <option key={type} value={type}>
                          {LL.marketing.forms.fieldTypes[type]()}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                  <Field.ErrorText>{slot('type')}</Field.ErrorText>
                </Field.Root>
                <Field.Root invalid={Boolean(slot('placeholder'))}>
                  <Field.Label>{t.placeholder()}</Field.Label>
                  <Input size="sm" maxLength={MARKETING_LIMITS.placeholder} value={field.placeholder} onChange={(e) => update(field.key, { placeholder: e.currentTarget.value }, 'placeholder')} data-testid="form-field-placeholder" />
                  <Field.ErrorText>{slot('placeholder')}</Field.ErrorText>
                </Field.Root>
              </SimpleGrid>
              <Checkbox.Root mt={3} size="sm" checked={field.required} onCheckedChange={(d) => update(field.key, { required: d.checked === true }, 'required')} data-testid="form-field-required">
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{t.required()}</Checkbox.Label>
              </Checkbox.Root>
              {hasOptions(field.type) ? (
                <Box mt={3}>
                  <ListEditor
                    label={t.options()}
                    hint={field.type === 'checkbox' ? t.checkboxOptionsHint() : t.optionsHint()}
                    items={field.options}
                    placeholder={t.optionPlaceholder()}
                    addLabel={t.addOption()}
                    removeLabel={(option) => t.removeOption({ option })}
                    error={slot('options')}
                    maxItems={MARKETING_LIMITS.options}
                    onChange={(options) => update(field.key, { options }, 'options')}
                    testId="form-field-option"
                  />
                </Box>
              ) : null}
            </Box>
          );
        })}
      </Stack>
    </Stack>
  );
}
