import { ChakraProvider, LocaleProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { createQueryClient } from '../../api/query-client.ts';
import { createTrpcClient, trpc } from '../../api/trpc.client.ts';
import { system } from '../theme.ts';

/** Server state (React Query + tRPC), the design system and the locale/direction for Chakra's components. */
export function AppProviders({ children }: { children: ReactNode }) {
  const { locale, LL } = useI18nContext();
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(createTrpcClient);

  useEffect(() => {
    document.title = LL.meta.title();
  }, [LL]);

  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <ChakraProvider value={system}>
          <LocaleProvider locale={locale}>{children}</LocaleProvider>
        </ChakraProvider>
      </QueryClientProvider>
    </trpc.Provider>
  );
}
