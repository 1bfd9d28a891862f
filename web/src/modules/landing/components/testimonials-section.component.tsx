import { Box, Container, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { LANDING_TESTIMONIALS, TESTIMONIAL_STARS } from '../utils/landing-content.util.ts';
import { SectionHeading } from './section-heading.component.tsx';

function Stars({ label }: { label: string }) {
  return (
    <HStack role="img" aria-label={label} gap={0.5} color="orange.400" data-testid="testimonial-stars">
      {Array.from({ length: TESTIMONIAL_STARS }, (_, index) => (
        <svg key={index} width="20" height="20" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false" data-star="">
          <path d="M12 2l3.09 6.26L22 9.27l-5 4.87 1.18 6.88L12 17.77l-6.18 3.25L7 14.14 2 9.27l6.91-1.01L12 2z" />
        </svg>
      ))}
    </HStack>
  );
}

/** Testimonials (anchor `testimonials`): three cards, each rated 5 of 5 stars. */
export function TestimonialsSection() {
  const { LL } = useI18nContext();
  const t = LL.landing.testimonials;
  return (
    <Box as="section" id="testimonials" aria-labelledby="testimonials-title" bg="bg.subtle" scrollMarginTop="4.5rem" data-testid="landing-section">
      <Container maxW="7xl" py={{ base: 14, md: 20 }}>
        <SectionHeading id="testimonials-title" eyebrow={t.eyebrow()} title={t.title()} />
        <SimpleGrid columns={{ base: 1, md: 3 }} gap={6} mt={{ base: 10, md: 14 }}>
          {LANDING_TESTIMONIALS.map((key) => (
            <Stack
              as="figure"
              key={key}
              gap={5}
              m={0}
              bg="bg"
              borderWidth="1px"
              borderColor="border.muted"
              rounded="xl"
              p={{ base: 6, md: 8 }}
              justify="space-between"
              data-testid="testimonial"
            >
              <Stack gap={4}>
                <Stars label={t.rating()} />
                <Box as="blockquote" fontSize={{ base: 'md', md: 'lg' }} color="fg">
                  <Text>{t[`${key}Quote`]()}</Text>
                </Box>
              </Stack>
              <Stack as="figcaption" gap={0}>
                <Text fontWeight="semibold">{t[`${key}Name`]()}</Text>
                <Text fontSize="sm" color="fg.muted">
                  {t[`${key}Role`]()}
                </Text>
              </Stack>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
