import { Alert, Box, Button, Checkbox, Field, Fieldset, Heading, Input, NativeSelect, RadioGroup, Stack, Text, Textarea } from '@chakra-ui/react';
import { HONEYPOT_FIELD, MARKETING_LIMITS, type FormField } from '@crm/contracts/marketing/marketing.constants';
import type { SubmissionValue } from '@crm/contracts/marketing/lead-form.submission';
import { useId, useRef, type ReactNode } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { domainMessage } from '../../api/server-message.util.ts';
import { DataText } from '../../ui/components/data-text.component.tsx';
import { useLeadForm, type LeadFormSubmitError } from '../hooks/use-lead-form.hook.ts';
import type { FieldProblem, FormPageContext, PublicFormAnswer } from '../utils/public-form.util.ts';

const LTR_TYPES = new Set(['email', 'phone']);

/** One field's control, by type (all seven: text, email, phone, textarea, select, checkbox, radio). */
function FieldControl({ field, value, onChange, invalid }: { field: FormField; value: SubmissionValue; onChange(value: SubmissionValue): void; invalid: boolean }) {
  const { LL } = useI18nContext();
  const placeholder = field.placeholder ?? undefined;
  const text = typeof value === 'string' ? value : '';
  switch (field.type) {
    case 'textarea':
      return <Textarea name={field.name} rows={4} dir="auto" maxLength={MARKETING_LIMITS.answer} placeholder={placeholder} value={text} onChange={(e) => onChange(e.currentTarget.value)} />;
    case 'select':
      return (
        <NativeSelect.Root>
          <NativeSelect.Field name={field.name} value={text} onChange={(e) => onChange(e.currentTarget.value)} aria-invalid={invalid || undefined}>
            <option value="">{placeholder ?? LL.leadforms.choose()}</option>
            {field.options.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      );
    case 'radio':
      return (
        <RadioGroup.Root name={field.name} value={text || null} onValueChange={(d) => onChange(d.value ?? '')}>
          <Stack gap={2}>
            {field.options.map((option) => (
              <RadioGroup.Item key={option} value={option} data-testid={`lead-form-option-${field.name}`}>
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>
                  <DataText>{option}</DataText>
                </RadioGroup.ItemText>
              </RadioGroup.Item>
            ))}
          </Stack>
        </RadioGroup.Root>
      );
    case 'checkbox': {
      if (field.options.length === 0) {
        return (
          <Checkbox.Root name={field.name} checked={value === true} onCheckedChange={(d) => onChange(d.checked === true)} invalid={invalid}>
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>
              <DataText>{field.label}</DataText>
              {field.required ? <Field.RequiredIndicator /> : null}
            </Checkbox.Label>
          </Checkbox.Root>
        );
      }
      const chosen = Array.isArray(value) ? value : [];
      return (
        <Stack gap={2}>
          {field.options.map((option) => (
            <Checkbox.Root
              key={option}
              name={field.name}
              value={option}
              checked={chosen.includes(option)}
              onCheckedChange={(d) => onChange(d.checked === true ? [...chosen.filter((c) => c !== option), option] : chosen.filter((c) => c !== option))}
              data-testid={`lead-form-option-${field.name}`}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>
                <DataText>{option}</DataText>
              </Checkbox.Label>
            </Checkbox.Root>
          ))}
        </Stack>
      );
    }
    default:
      return (
        <Input
          name={field.name}
          type={field.type === 'email' ? 'email' : field.type === 'phone' ? 'tel' : 'text'}
          autoComplete={field.type === 'email' ? 'email' : field.type === 'phone' ? 'tel' : field.name === 'full_name' || field.name === 'name' ? 'name' : undefined}
          dir={LTR_TYPES.has(field.type) ? 'ltr' : 'auto'}
          maxLength={500}
          placeholder={placeholder}
          value={text}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
  }
}

/**
 * The public form (issue 16): the form's title, description and fields (its data, isolated in the page's
 * direction with DataText), the off-screen honeypot, and after a successful submission a thank-you in place
 * (or the form's redirect).
 */
export function LeadForm({ slug, loaded, context }: { slug: string; loaded: PublicFormAnswer; context: FormPageContext }) {
  const { LL } = useI18nContext();
  const t = LL.leadforms;
  const { form } = loaded;
  const state = useLeadForm(slug, loaded, context);
  const formRef = useRef<HTMLFormElement>(null);
  const baseId = useId();

  const problemText = (problem: FieldProblem) => t.problems[problem]();
  const errorText = (error: LeadFormSubmitError | null): ReactNode => {
    if (!error) return null;
    if (error.kind === 'network') return t.network();
    if (error.kind === 'expired') return t.errors.form_token_invalid();
    if (error.kind === 'fields') return Object.keys(state.problems).length > 0 ? t.checkFields() : null;
    return domainMessage(error.code, LL) ?? (error.message || t.failed());
  };
  const errorMessage = errorText(state.submitError);

  if (state.done) {
    return (
      <Stack gap={3} textAlign="center" py={8} data-testid="lead-form-thanks" aria-live="polite">
        <Heading as="h2" size="xl">
          {t.thanksTitle()}
        </Heading>
        <Text color="fg.muted">{t.thanksText()}</Text>
      </Stack>
    );
  }

  const submit = async () => {
    const invalid = await state.submit();
    if (invalid) formRef.current?.querySelector<HTMLElement>(`[name="${invalid}"]`)?.focus();
  };

  return (
    <Box as="section" aria-labelledby={`${baseId}-title`}>
      <Stack gap={2} mb={6}>
        <Heading as="h1" id={`${baseId}-title`} size={{ base: 'xl', md: '2xl' }} data-testid="lead-form-title">
          <DataText>{form.title}</DataText>
        </Heading>
        {form.description ? (
          <Text color="fg.muted" whiteSpace="pre-line">
            <DataText>{form.description}</DataText>
          </Text>
        ) : null}
      </Stack>
      <form
        ref={formRef}
        noValidate
        data-testid="lead-form"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap={5}>
          {errorMessage ? (
            <Alert.Root status="error" data-testid="lead-form-submit-error">
              <Alert.Indicator />
              <Alert.Description>
                {errorMessage}
                {state.submitError?.kind === 'expired' ? (
                  <Button size="xs" variant="outline" ms={3} onClick={() => window.location.reload()}>
                    {t.reload()}
                  </Button>
                ) : null}
              </Alert.Description>
            </Alert.Root>
          ) : null}
          {form.fields.map((field) => {
            const problem = state.problems[field.name];
            const control = <FieldControl field={field} value={state.values[field.name] ?? ''} onChange={(value) => state.setAnswer(field, value)} invalid={Boolean(problem)} />;
            const error = problem ? problemText(problem) : null;
            // Options (radio, checkbox group) are a fieldset: inside a Field every checkbox would take the
            // field's one input id, and a click on any label would tick the first box.
            if (field.type === 'radio' || (field.type === 'checkbox' && field.options.length > 0)) {
              return (
                <Fieldset.Root key={field.name} invalid={Boolean(problem)} data-testid={`lead-form-field-${field.name}`}>
                  <Fieldset.Legend fontSize="sm" fontWeight="medium" color="fg">
                    <DataText>{field.label}</DataText>
                    {field.required ? (
                      <Text as="span" color="fg.error" ms={1} aria-hidden="true">
                        *
                      </Text>
                    ) : null}
                  </Fieldset.Legend>
                  <Fieldset.Content mt={2}>{control}</Fieldset.Content>
                  <Fieldset.ErrorText color="red.700" _dark={{ color: 'red.300' }} data-testid={`lead-form-error-${field.name}`}>
                    {error}
                  </Fieldset.ErrorText>
                </Fieldset.Root>
              );
            }
            const single = field.type === 'checkbox';
            return (
              <Field.Root key={field.name} required={field.required} invalid={Boolean(problem)} data-testid={`lead-form-field-${field.name}`}>
                {single ? null : (
                  <Field.Label>
                    <DataText>{field.label}</DataText>
                    {field.required ? <Field.RequiredIndicator /> : null}
                  </Field.Label>
                )}
                {control}
                <Field.ErrorText color="red.700" _dark={{ color: 'red.300' }} data-testid={`lead-form-error-${field.name}`}>
                  {error}
                </Field.ErrorText>
              </Field.Root>
            );
          })}
          {/* The honeypot: off screen, hidden from assistive technology and the keyboard; people never fill it. */}
          <Box position="absolute" insetStart="-10000px" top="auto" width="1px" height="1px" overflow="hidden" aria-hidden="true">
            <label>
              {t.honeypot()}
              <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" value={state.honeypot} onChange={(e) => state.setHoneypot(e.currentTarget.value)} />
            </label>
          </Box>
          <Box>
            <Button type="submit" colorPalette="blue" size="lg" loading={state.submitting} loadingText={t.submitting()} width={{ base: 'full', sm: 'auto' }} data-testid="lead-form-submit">
              {t.submit()}
            </Button>
          </Box>
        </Stack>
      </form>
    </Box>
  );
}
