import {
  Alert,
  Box,
  Button,
  CloseButton,
  Code,
  Dialog,
  Field,
  Input,
  NativeSelect,
  Portal,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { MEETING_TYPES, type MeetingType, type TimeSlot } from '@crm/contracts/bookings/booking.constants';
import { useId, useMemo, type ReactNode } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { serverMessage } from '../../api/server-message.util.ts';
import { useBookingRequest, type BookingSubmitError } from '../hooks/use-booking-request.hook.ts';
import type { BookingFormField } from '../utils/booking-form.util.ts';
import type { BookingDialogSource } from '../utils/booking-dialog.context.ts';
import { useBookingAvailability } from '../hooks/use-booking-availability.hook.ts';
import { businessDayRange, firstBookableDate, isBusinessDate, slotOptions, type Availability } from '../utils/business-slots.util.ts';
import { browserTimeZone, todayLocalIsoDate } from '../utils/local-date.util.ts';
import { meetingTypeLabel } from '../utils/meeting-type-label.util.ts';

interface BookingDialogProps {
  open: boolean;
  source: BookingDialogSource | null;
  onClose(): void;
}

/** The public "book a meeting / demo" dialog (spec 01 §2 Booking dialog, §4, §5, §8). */
export function BookingDialog({ open, source, onClose }: BookingDialogProps) {
  const { LL, locale } = useI18nContext();
  const availabilityQuery = useBookingAvailability(open);
  const availability = availabilityQuery.data as Availability | undefined;
  const booking = useBookingRequest(availability?.timeZone);
  const formId = useId();
  const timeZone = useMemo(() => browserTimeZone(), []);
  const visitorZone = timeZone ?? availability?.timeZone ?? 'UTC';
  // The server's clock, moved on by the time since it answered (a visitor's skewed clock offers no started slot).
  const now = availability ? new Date(Date.parse(availability.now) + (Date.now() - availabilityQuery.dataUpdatedAt)) : new Date();
  const minDate = availability ? firstBookableDate(availability, visitorZone, locale, now) : todayLocalIsoDate();
  const chosenDate = booking.values.preferredDate;
  const slots = availability ? slotOptions(availability, chosenDate, visitorZone, locale, now) : [];
  const dateNote =
    availability && /^\d{4}-\d{2}-\d{2}$/.test(chosenDate)
      ? !isBusinessDate(availability, chosenDate)
        ? LL.booking.notBusinessDay(businessDayRange(availability, locale))
        : slots.length === 0
          ? LL.booking.noSlotsLeft()
          : null
      : null;
  const submitting = booking.phase === 'submitting';

  const close = () => {
    booking.reset();
    onClose();
  };

  const errorText = (error: BookingSubmitError): string => {
    if (error.kind === 'network') return LL.booking.errors.network();
    if (error.kind === 'fields') return LL.booking.errors.checkFields();
    return [serverMessage(error.failure, LL) ?? LL.booking.errors.failed(), ...error.otherFields].join(' ');
  };

  const field = (name: BookingFormField, label: string, control: ReactNode, options: { required?: boolean } = {}) => (
    <Field.Root required={options.required ?? false} invalid={Boolean(booking.fieldErrors[name])}>
      <Field.Label>
        {label}
        {options.required ? (
          <Field.RequiredIndicator />
        ) : (
          <Text as="span" color="fg.muted" fontWeight="normal" fontSize="xs">
            {LL.common.optional()}
          </Text>
        )}
      </Field.Label>
      {control}
      {/* The server names the field; the words are ours, in the reader's language. */}
      <Field.ErrorText data-testid={`booking-error-${name}`}>{booking.fieldErrors[name] ? LL.booking.fieldErrors[name]() : null}</Field.ErrorText>
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
      closeOnInteractOutside={!submitting}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="booking-dialog" data-source={source ?? undefined} minH={{ base: '100dvh', sm: 'auto' }} borderRadius={{ base: '0', sm: 'l3' }}>
            <Dialog.Header>
              <Dialog.Title>{booking.phase === 'confirmed' ? LL.booking.confirmedTitle() : LL.booking.title()}</Dialog.Title>
            </Dialog.Header>

            {booking.phase === 'confirmed' ? (
              <>
                <Dialog.Body>
                  <Stack gap={5} align="center" textAlign="center" py={4}>
                    <Box color="green.600" aria-hidden="true">
                      <svg width="56" height="56" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
                        <circle cx="12" cy="12" r="10" />
                        <path d="M7.5 12.5l3 3 6-6.5" strokeLinecap="round" strokeLinejoin="round" />
                      </svg>
                    </Box>
                    <Text>{LL.booking.confirmedText()}</Text>
                    <Stack gap={1} align="center">
                      <Text fontSize="sm" color="fg.muted">
                        {LL.booking.bookingIdLabel()}
                      </Text>
                      <Code data-testid="booking-id" dir="ltr" fontSize="md" px={3} py={1} wordBreak="break-all">
                        {booking.bookingId}
                      </Code>
                    </Stack>
                  </Stack>
                </Dialog.Body>
                <Dialog.Footer>
                  <Button colorPalette="blue" onClick={close}>
                    {LL.common.close()}
                  </Button>
                </Dialog.Footer>
              </>
            ) : (
              <>
                <Dialog.Body>
                  <Text color="fg.muted" fontSize="sm" mb={5}>
                    {LL.booking.description()}
                  </Text>
                  <form
                    id={formId}
                    noValidate
                    onSubmit={(event) => {
                      event.preventDefault();
                      void booking.submit();
                    }}
                  >
                    <Stack gap={4}>
                      {booking.submitError ? (
                        <Alert.Root status="error" data-testid="booking-submit-error">
                          <Alert.Indicator />
                          <Alert.Description>{errorText(booking.submitError)}</Alert.Description>
                        </Alert.Root>
                      ) : null}
                      <SimpleGrid columns={{ base: 1, sm: 2 }} gap={4}>
                        {field(
                          'name',
                          LL.booking.fields.name(),
                          <Input
                            name="name"
                            autoComplete="name"
                            placeholder={LL.booking.placeholders.name()}
                            value={booking.values.name}
                            onChange={(e) => booking.setField('name', e.currentTarget.value)}
                          />,
                          { required: true },
                        )}
                        {field(
                          'email',
                          LL.booking.fields.email(),
                          <Input
                            name="email"
                            type="email"
                            autoComplete="email"
                            dir="ltr"
                            placeholder={LL.booking.placeholders.email()}
                            value={booking.values.email}
                            onChange={(e) => booking.setField('email', e.currentTarget.value)}
                          />,
                          { required: true },
                        )}
                        {field(
                          'company',
                          LL.booking.fields.company(),
                          <Input
                            name="company"
                            autoComplete="organization"
                            placeholder={LL.booking.placeholders.company()}
                            value={booking.values.company}
                            onChange={(e) => booking.setField('company', e.currentTarget.value)}
                          />,
                        )}
                        {field(
                          'phone',
                          LL.booking.fields.phone(),
                          <Input
                            name="phone"
                            type="tel"
                            autoComplete="tel"
                            dir="ltr"
                            placeholder={LL.booking.placeholders.phone()}
                            value={booking.values.phone}
                            onChange={(e) => booking.setField('phone', e.currentTarget.value)}
                          />,
                        )}
                      </SimpleGrid>
                      {field(
                        'meetingType',
                        LL.booking.fields.meetingType(),
                        <NativeSelect.Root>
                          <NativeSelect.Field
                            name="meetingType"
                            placeholder={LL.booking.placeholders.meetingType()}
                            value={booking.values.meetingType}
                            onChange={(e) => booking.setField('meetingType', e.currentTarget.value as MeetingType | '')}
                          >
                            {MEETING_TYPES.map((type) => (
                              <option key={type} value={type}>
                                {meetingTypeLabel(locale, type)}
                              </option>
                            ))}
                          </NativeSelect.Field>
                          <NativeSelect.Indicator />
                        </NativeSelect.Root>,
                        { required: true },
                      )}
                      <SimpleGrid columns={{ base: 1, sm: 2 }} gap={4}>
                        {field(
                          'preferredDate',
                          LL.booking.fields.preferredDate(),
                          <Input
                            name="preferredDate"
                            type="date"
                            min={minDate}
                            value={booking.values.preferredDate}
                            aria-describedby={dateNote ? `${formId}-date-note` : undefined}
                            onChange={(e) => {
                              const date = e.currentTarget.value;
                              booking.setField('preferredDate', date);
                              // A slot the new day does not offer is cleared rather than sent.
                              if (availability && !slotOptions(availability, date, visitorZone, locale, now).some((o) => o.value === booking.values.preferredTime)) {
                                booking.setField('preferredTime', '');
                              }
                            }}
                          />,
                          { required: true },
                        )}
                        {field(
                          'preferredTime',
                          LL.booking.fields.preferredTime(),
                          <NativeSelect.Root disabled={slots.length === 0}>
                            <NativeSelect.Field
                              name="preferredTime"
                              placeholder={LL.booking.placeholders.preferredTime()}
                              value={booking.values.preferredTime}
                              onChange={(e) => booking.setField('preferredTime', e.currentTarget.value as TimeSlot | '')}
                            >
                              {/* The business's slots, shown at the visitor's own time; the value stays the business slot. */}
                              {slots.map((slot) => (
                                <option key={slot.value} value={slot.value}>
                                  {slot.label}
                                </option>
                              ))}
                            </NativeSelect.Field>
                            <NativeSelect.Indicator />
                          </NativeSelect.Root>,
                          { required: true },
                        )}
                      </SimpleGrid>
                      {dateNote ? (
                        <Text id={`${formId}-date-note`} data-testid="booking-date-note" fontSize="sm" color="orange.fg" mt={-2} role="status">
                          {dateNote}
                        </Text>
                      ) : null}
                      {timeZone ? (
                        <Text fontSize="xs" color="fg.muted" mt={-2}>
                          {LL.booking.timeZoneNote({ timeZone })}
                        </Text>
                      ) : null}
                      {field(
                        'message',
                        LL.booking.fields.message(),
                        <Textarea
                          name="message"
                          rows={3}
                          placeholder={LL.booking.placeholders.message()}
                          value={booking.values.message}
                          onChange={(e) => booking.setField('message', e.currentTarget.value)}
                        />,
                      )}
                    </Stack>
                  </form>
                </Dialog.Body>
                <Dialog.Footer>
                  <Button variant="outline" onClick={close}>
                    {LL.booking.cancel()}
                  </Button>
                  <Button
                    type="submit"
                    form={formId}
                    colorPalette="blue"
                    disabled={!booking.canSubmit}
                    loading={submitting}
                    loadingText={LL.booking.submitting()}
                  >
                    {LL.booking.submit()}
                  </Button>
                </Dialog.Footer>
              </>
            )}

            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={LL.common.close()} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
