import { Alert, Badge, Circle, CloseButton, Dialog, HStack, Portal, Spinner, Stack, Tabs, Text } from '@chakra-ui/react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { describeApiError } from '../../api/api-error.util.ts';
import { useCustomerDetail } from '../hooks/use-customer-detail.hook.ts';
import { initials } from '../utils/customer-format.util.ts';
import { CustomerCommunications } from './customer-communications.component.tsx';
import { CustomerFiles } from './customer-files.component.tsx';
import { CustomerOverview } from './customer-overview.component.tsx';
import { CustomerDeals, CustomerTasks } from './customer-related-lists.component.tsx';
import { CustomerStatusBadge } from './customer-status-badge.component.tsx';
import { DataText } from '../../ui/components/data-text.component.tsx';

/** The tabs after Overview, each with the number of its records. */
const COUNTED_TABS = ['communications', 'deals', 'tasks', 'files'] as const;

/** The large customer detail dialog (spec 02 §2): Overview, Communications, Deals, Tasks, Files from `customers.detail`. */
export function CustomerDetailDialog({ customerId, onClose }: { customerId: string | null; onClose(): void }) {
  const { LL } = useI18nContext();
  const d = LL.customers.detail;
  const detail = useCustomerDetail(customerId);
  const failure = detail.isError ? describeApiError(detail.error) : null;
  const notFound = failure?.kind === 'server' && failure.code === 'NOT_FOUND';
  const data = detail.data;

  return (
    <Dialog.Root open={customerId !== null} onOpenChange={(e) => (e.open ? undefined : onClose())} size={{ base: 'full', md: 'xl' }} placement="center" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="customer-detail" maxW={{ md: '5xl' }}>
            <Dialog.Header>
              {data ? (
                <HStack gap={3}>
                  <Circle size="10" bg="blue.subtle" color="blue.fg" fontWeight="semibold" aria-hidden>
                    {initials(data.customer.name)}
                  </Circle>
                  <Stack gap={0}>
                    <Dialog.Title data-testid="customer-detail-name">
                      <DataText>{data.customer.name}</DataText>
                    </Dialog.Title>
                    <HStack gap={2}>
                      {data.customer.company ? (
                        <Text fontSize="sm" color="fg.muted">
                          <DataText>{data.customer.company}</DataText>
                        </Text>
                      ) : null}
                      <CustomerStatusBadge status={data.customer.status} />
                      {data.customer.deletedAt ? (
                        <Badge colorPalette="red" variant="solid" data-testid="customer-detail-deleted">
                          {d.deletedBadge()}
                        </Badge>
                      ) : null}
                    </HStack>
                  </Stack>
                </HStack>
              ) : (
                <Dialog.Title>{d.title()}</Dialog.Title>
              )}
            </Dialog.Header>
            <Dialog.Body>
              {detail.isPending && customerId ? (
                <HStack justify="center" py={10} data-testid="customer-detail-loading">
                  <Spinner size="sm" />
                  <Text color="fg.muted">{d.loading()}</Text>
                </HStack>
              ) : failure ? (
                <Alert.Root status={notFound ? 'warning' : 'error'} data-testid={notFound ? 'customer-detail-not-found' : 'customer-detail-error'}>
                  <Alert.Indicator />
                  <Alert.Title>{notFound ? d.notFound() : d.loadFailed()}</Alert.Title>
                </Alert.Root>
              ) : data ? (
                <Tabs.Root defaultValue="overview" variant="line" lazyMount>
                  <Tabs.List flexWrap="wrap">
                    <Tabs.Trigger value="overview" data-testid="customer-tab-overview">
                      {d.tabs.overview()}
                    </Tabs.Trigger>
                    {COUNTED_TABS.map((tab) => (
                      <Tabs.Trigger key={tab} value={tab} data-testid={`customer-tab-${tab}`}>
                        {d.tabs[tab]()}
                        <Badge size="xs" variant="subtle">
                          {data[tab].length}
                        </Badge>
                      </Tabs.Trigger>
                    ))}
                  </Tabs.List>
                  <Tabs.Content value="overview">
                    <CustomerOverview customer={data.customer} readOnly={data.customer.deletedAt !== null} />
                  </Tabs.Content>
                  <Tabs.Content value="communications">
                    <CustomerCommunications customerId={data.customer.id} communications={data.communications} files={data.files} readOnly={data.customer.deletedAt !== null} />
                  </Tabs.Content>
                  <Tabs.Content value="deals">
                    <CustomerDeals deals={data.deals} />
                  </Tabs.Content>
                  <Tabs.Content value="tasks">
                    <CustomerTasks tasks={data.tasks} />
                  </Tabs.Content>
                  <Tabs.Content value="files">
                    <CustomerFiles customerId={data.customer.id} files={data.files} readOnly={data.customer.deletedAt !== null} />
                  </Tabs.Content>
                </Tabs.Root>
              ) : null}
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={LL.common.close()} data-testid="customer-detail-close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
