import { Alert, Box, Button, Field, Heading, Input, NativeSelect, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { CONTACT_LIMITS, type ContactField, type ContactProblem } from '@crm/contracts/contact/contact.rules';
import { useCallback, useId, useRef, type ReactNode } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { serverMessage } from '../../api/server-message.util.ts';
import { useContactForm } from '../hooks/use-contact-form.hook.ts';
import { formatBusinessHours, formatCount } from '../utils/business-hours.util.ts';
import { notifyContact } from '../utils/contact-toaster.util.ts';

const MAX: Record<ContactField, number> = { name: CONTACT_LIMITS.name, email: CONTACT_LIMITS.email, subject: 0, message: CONTACT_LIMITS.message };

/** The contact form (spec 01 §2 "Contact"): name, email, subject, message; all required. */
export function ContactForm() {
  const { LL, locale } = useI18nContext();
  const formRef = useRef<HTMLFormElement>(null);
  const baseId = useId();
  const onSent = useCallback(() => {
    notifyContact({ type: 'success', title: LL.contactPage.successTitle(), description: LL.contactPage.successText({ hours: formatBusinessHours(locale).responseHours }) });
  }, [LL, locale]);
  const form = useContactForm(onSent);
  const t = LL.contactPage;

  const problemText = (field: ContactField, problem: ContactProblem) =>
    problem === 'tooLong' ? t.problems.tooLong({ max: formatCount(locale, MAX[field]) }) : t.problems[problem]();

  const field = (name: ContactField, label: string, control: ReactNode, hint?: ReactNode) => {
    const problem = form.problems[name];
    return (
      <Field.Root required invalid={Boolean(problem)}>
        <Field.Label>
          {label}
          <Field.RequiredIndicator />
        </Field.Label>
        {control}
        {hint}
        <Field.ErrorText color="red.700" _dark={{ color: 'red.300' }} data-testid={`contact-error-${name}`}>{problem ? problemText(name, problem) : null}</Field.ErrorText>
      </Field.Root>
    );
  };

  const errorText = () => {
    const error = form.submitError;
    if (!error) return null;
    if (error.kind === 'network') return t.network();
    // Gone once every highlighted field was corrected.
    if (error.kind === 'fields') return Object.keys(form.problems).length > 0 ? t.checkFields() : null;
    return serverMessage(error.failure, LL) ?? t.failed();
  };

  const errorMessage = errorText();

  const submit = async () => {
    const invalid = await form.submit();
    // Take the keyboard (and screen readers) to the first field to fix.
    if (invalid) formRef.current?.querySelector<HTMLElement>(`[name="${invalid}"]`)?.focus();
  };

  return (
    <Box as="section" aria-labelledby={`${baseId}-title`} borderWidth="1px" borderColor="border" rounded="xl" p={{ base: 5, md: 8 }} bg="bg" shadow="sm">
      <Heading as="h2" id={`${baseId}-title`} size="xl" mb={6}>
        {t.formTitle()}
      </Heading>
      <form
        ref={formRef}
        noValidate
        data-testid="contact-form"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap={5}>
          {errorMessage ? (
            <Alert.Root status="error" data-testid="contact-submit-error">
              <Alert.Indicator />
              <Alert.Description>{errorMessage}</Alert.Description>
            </Alert.Root>
          ) : null}
          <SimpleGrid columns={{ base: 1, md: 2 }} gap={5}>
            {field(
              'name',
              t.fields.name(),
              <Input name="name" autoComplete="name" maxLength={CONTACT_LIMITS.name} placeholder={t.placeholders.name()} value={form.values.name} onChange={(e) => form.setField('name', e.currentTarget.value)} />,
            )}
            {field(
              'email',
              t.fields.email(),
              <Input
                name="email"
                type="email"
                autoComplete="email"
                dir="ltr"
                maxLength={CONTACT_LIMITS.email}
                placeholder={t.placeholders.email()}
                value={form.values.email}
                onChange={(e) => form.setField('email', e.currentTarget.value)}
              />,
            )}
          </SimpleGrid>
          {field(
            'subject',
            t.fields.subject(),
            <NativeSelect.Root>
              <NativeSelect.Field name="subject" placeholder={t.placeholders.subject()} value={form.values.subject} onChange={(e) => form.setField('subject', e.currentTarget.value)}>
                {form.subjects.map((subject) => (
                  <option key={subject} value={subject}>
                    {t.subjects[subject]()}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>,
          )}
          {field(
            'message',
            t.fields.message(),
            <Textarea
              name="message"
              rows={6}
              maxLength={CONTACT_LIMITS.message}
              placeholder={t.placeholders.message()}
              value={form.values.message}
              onChange={(e) => form.setField('message', e.currentTarget.value)}
            />,
            <Field.HelperText>
              <Text as="span" color="fg.muted">
                {t.characterCount({ count: formatCount(locale, form.values.message.length), max: formatCount(locale, CONTACT_LIMITS.message) })}
              </Text>
            </Field.HelperText>,
          )}
          <Box>
            <Button type="submit" colorPalette="blue" size="lg" loading={form.submitting} loadingText={t.submitting()} width={{ base: 'full', sm: 'auto' }}>
              {t.submit()}
            </Button>
          </Box>
        </Stack>
      </form>
    </Box>
  );
}
