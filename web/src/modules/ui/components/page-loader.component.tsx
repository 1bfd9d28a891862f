import { Center, Spinner, Text, VStack } from '@chakra-ui/react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';

export function PageLoader({ label }: { label?: string }) {
  const { LL } = useI18nContext();
  return (
    <Center minH="60vh" role="status" aria-live="polite">
      <VStack gap={3}>
        <Spinner size="lg" color="blue.600" />
        <Text color="fg.muted">{label ?? LL.common.loading()}</Text>
      </VStack>
    </Center>
  );
}
