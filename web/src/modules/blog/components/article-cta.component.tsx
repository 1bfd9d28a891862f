import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { useBookingDialog } from '../../bookings/hooks/use-booking-dialog.hook.ts';

/** The article's call to action: opens the booking dialog (must sit inside PublicLayout). */
export function ArticleCta() {
  const { LL } = useI18nContext();
  const { openBookingDialog } = useBookingDialog();
  return (
    <Stack
      as="section"
      aria-labelledby="article-cta-title"
      gap={4}
      align="flex-start"
      bg="blue.700"
      color="white"
      rounded="2xl"
      p={{ base: 6, md: 10 }}
      data-testid="article-cta"
    >
      <Heading as="h2" id="article-cta-title" size="2xl" color="white">
        {LL.blog.article.ctaTitle()}
      </Heading>
      <Text fontSize="lg" color="white">
        {LL.blog.article.ctaText()}
      </Text>
      <Button size="lg" bg="white" color="blue.800" _hover={{ bg: 'blue.50' }} onClick={() => openBookingDialog('blog-article')}>
        {LL.blog.article.ctaButton()}
      </Button>
    </Stack>
  );
}
