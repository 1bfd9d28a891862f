import { ChakraProvider, LocaleProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { pageOwnsHead } from '../../seo/hooks/use-document-head.hook.ts';
import { createQueryClient } from '../../api/query-client.ts';
import { createTrpcClient, trpc } from '../../api/trpc.client.ts';
import { system } from '../theme.ts';

/** Server state (React Query + tRPC), the design system and the locale/direction for Chakra's components. */
export function AppProviders({ children }: { children: ReactNode }) {
  const { locale, LL } = useI18nContext();
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(createTrpcClient);

  const [location] = useLocation();
  // The default title, for pages that do not set their own (useDocumentHead); parents' effects run after
  // their children's, so a page's title must not be overwritten here.
  useEffect(() => {
    if (!pageOwnsHead()) document.title = LL.meta.title();
  }, [LL, location]);

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
