import { Box, Container, Heading, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link } from 'wouter';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { formatDate, LEGAL_LAST_UPDATED } from '../utils/static-pages.util.ts';
import { PageIntro } from './page-intro.component.tsx';

export interface LegalSection {
  id: string;
  title: string;
  text: string;
  /** A page this section refers to (e.g. the Cookie Policy from the privacy policy). */
  link?: { href: string; label: string };
}

/** Privacy and Terms: the h1, the date of the last change, a table of contents, then one h2 per section. */
export function LegalDocument({ title, intro, sections }: { title: string; intro: string; sections: readonly LegalSection[] }) {
  const { LL, locale } = useI18nContext();
  return (
    <>
      <PageIntro title={title} intro={intro}>
        <Text mt={4} fontSize="sm" color="fg">
          {LL.staticPages.lastUpdated({ date: formatDate(LEGAL_LAST_UPDATED, locale) })}
        </Text>
      </PageIntro>
      <Container maxW="4xl" py={{ base: 10, md: 14 }}>
        <Box as="nav" aria-labelledby="toc-title" mb={10} p={6} borderWidth="1px" borderColor="border" borderRadius="lg">
          <Heading as="h2" id="toc-title" size="md" mb={3}>
            {LL.staticPages.onThisPage()}
          </Heading>
          <Box as="ol" listStyleType="decimal" ps={6}>
            {sections.map((section) => (
              <Box as="li" key={section.id} mb={1}>
                <ChakraLink href={`#${section.id}`} color="blue.700" _dark={{ color: 'blue.300' }} textDecoration="underline">
                  {section.title}
                </ChakraLink>
              </Box>
            ))}
          </Box>
        </Box>
        <Stack gap={8}>
          {sections.map((section) => (
            <Box as="section" key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} scrollMarginTop="24">
              <Heading as="h2" id={`${section.id}-title`} size="xl" mb={3}>
                {section.title}
              </Heading>
              <Text lineHeight="tall">{section.text}</Text>
              {section.link && (
                <ChakraLink asChild mt={2} color="blue.700" _dark={{ color: 'blue.300' }} textDecoration="underline">
                  <Link href={section.link.href}>{section.link.label}</Link>
                </ChakraLink>
              )}
            </Box>
          ))}
        </Stack>
      </Container>
    </>
  );
}
