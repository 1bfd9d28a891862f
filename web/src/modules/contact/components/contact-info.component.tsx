import { Box, Heading, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { formatBusinessHours } from '../utils/business-hours.util.ts';
import { CONTACT_OFFICES } from '../utils/contact-offices.util.ts';

/** Three offices, business hours and the 24-business-hour promise (spec 01 §2 "Contact", §9). */
export function ContactInfo() {
  const { LL, locale } = useI18nContext();
  const t = LL.contactPage;
  const hours = formatBusinessHours(locale);
  return (
    <Stack gap={8}>
      <Box as="section" aria-labelledby="contact-offices-title">
        <Heading as="h2" id="contact-offices-title" size="xl" mb={4}>
          {t.officesTitle()}
        </Heading>
        <Stack as="ul" listStyleType="none" m={0} p={0} gap={4}>
          {CONTACT_OFFICES.map((office) => {
            const words = t.offices[office.key];
            return (
              <Box as="li" key={office.key} borderWidth="1px" borderColor="border" rounded="lg" p={4} data-testid="contact-office">
                <Heading as="h3" size="md" mb={1}>
                  {words.name()}
                </Heading>
                <Stack as="address" fontStyle="normal" gap={1} fontSize="sm">
                  <Text fontWeight="medium">{words.city()}</Text>
                  <Text>{words.address()}</Text>
                  <Text>
                    {t.phoneLabel()}:{' '}
                    <ChakraLink href={office.href} color="blue.700" _dark={{ color: 'blue.300' }} textDecoration="underline">
                      <bdi dir="ltr">{office.phone}</bdi>
                    </ChakraLink>
                  </Text>
                </Stack>
              </Box>
            );
          })}
        </Stack>
      </Box>
      <Box as="section" aria-labelledby="contact-hours-title">
        <Heading as="h2" id="contact-hours-title" size="xl" mb={2}>
          {t.hoursTitle()}
        </Heading>
        <Text data-testid="contact-hours">{t.hours({ firstDay: hours.firstDay, lastDay: hours.lastDay, open: hours.open, close: hours.close })}</Text>
      </Box>
      <Box as="section" aria-labelledby="contact-response-title">
        <Heading as="h2" id="contact-response-title" size="xl" mb={2}>
          {t.responseTitle()}
        </Heading>
        <Text>{t.responseText({ hours: hours.responseHours })}</Text>
      </Box>
    </Stack>
  );
}
