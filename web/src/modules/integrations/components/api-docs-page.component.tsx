import { Button, HStack, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Suspense, lazy } from 'react';
import { Link } from 'wouter';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { LoadErrorAlert } from '../../ui/components/load-error-alert.component.tsx';

/** The document every REST route is in (services/src/http/openapi.ts). */
export const OPENAPI_URL = '/api/openapi.json';

// Swagger UI is large: its own chunk, loaded when this page opens.
const ApiDocsViewer = lazy(() => import('./api-docs-viewer.component.tsx'));

async function fetchOpenApi(): Promise<object> {
  const res = await fetch(OPENAPI_URL, { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`GET ${OPENAPI_URL}: ${res.status}`);
  return (await res.json()) as object;
}

/**
 * The API Documentation page of the Integrations area (issue 15): the OpenAPI 3.1 document rendered with Swagger
 * UI (read-only: no "Try it out"), a link back and the raw document.
 */
export function ApiDocsPage() {
  const { LL } = useI18nContext();
  const t = LL.integrations.apiDocs;
  const doc = useQuery({ queryKey: ['openapi.json'], queryFn: fetchOpenApi, staleTime: 5 * 60_000 });
  const loading = (
    <HStack>
      <Spinner size="sm" />
      <Text>{t.loading()}</Text>
    </HStack>
  );
  return (
    <Stack gap={4} data-testid="api-docs-page">
      <HStack justify="space-between" align="flex-start" wrap="wrap" gap={3}>
        <Stack gap={1} maxW="2xl">
          <Heading as="h2" size="lg">
            {t.title()}
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            {t.description()}
          </Text>
        </Stack>
        <HStack gap={3} wrap="wrap">
          <Button asChild size="sm" variant="outline">
            <a href={OPENAPI_URL} download="openapi.json" data-testid="api-docs-download">
              {t.download()}
            </a>
          </Button>
          <Button asChild size="sm" variant="outline">
            <Link href="/admin/integrations" data-testid="api-docs-back">
              {t.back()}
            </Link>
          </Button>
        </HStack>
      </HStack>
      {doc.isPending ? (
        loading
      ) : doc.isError ? (
        <LoadErrorAlert title={t.loadFailed()} onRetry={() => void doc.refetch()} testId="api-docs-error" />
      ) : (
        <Suspense fallback={loading}>
          <ApiDocsViewer spec={doc.data} />
        </Suspense>
      )}
    </Stack>
  );
}
