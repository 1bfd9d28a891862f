import { Box, Container, Text } from '@chakra-ui/react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';

/** Placeholder: the full footer (spec 01 §2: Product, Company, Support, Legal, Contact) replaces it. */
export function SiteFooter() {
  const { LL } = useI18nContext();
  return (
    <Box as="footer" id="contact" borderTopWidth="1px" borderColor="border.muted" py={8}>
      <Container maxW="7xl">
        <Text color="fg.muted">{LL.brand.name()}</Text>
      </Container>
    </Box>
  );
}
