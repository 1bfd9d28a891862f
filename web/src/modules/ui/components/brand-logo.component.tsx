import { HStack, Text } from '@chakra-ui/react';
import { Link } from 'wouter';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';

export function BrandLogo() {
  const { LL } = useI18nContext();
  return (
    <Link href="/" aria-label={LL.brand.home()}>
      <HStack gap={2} dir="ltr">
        <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true">
          <rect width="32" height="32" rx="8" fill="#2563eb" />
          <path d="M9 22V10h3l8 8v-8h3v12h-3l-8-8v8z" fill="#fff" />
        </svg>
        <Text as="span" fontWeight="bold" fontSize="lg" color="fg" whiteSpace="nowrap">
          {LL.brand.name()}
        </Text>
      </HStack>
    </Link>
  );
}
