import { Box, Button, HStack, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import type { BlockedIpRow } from '../utils/login-history-filters.util.ts';
import { formatDateTime } from '../utils/login-history-format.util.ts';

interface BlockedIpsPanelProps {
  blockedIps: BlockedIpRow[] | undefined;
  failed: boolean;
  canManage: boolean;
  pendingIp: string | null;
  onUnblock(ip: string): void;
}

/** The addresses blocked now, with Unblock (security:manage). */
export function BlockedIpsPanel({ blockedIps, failed, canManage, pendingIp, onUnblock }: BlockedIpsPanelProps) {
  const { LL, locale } = useI18nContext();
  const t = LL.security.blockedIps;
  return (
    <Box as="section" aria-labelledby="blocked-ips-title" bg="bg" borderWidth="1px" borderColor="border.muted" rounded="lg" p={4} data-testid="blocked-ips-panel">
      <Stack gap={1} mb={3}>
        <Heading as="h3" size="sm" id="blocked-ips-title">
          {t.title()}
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          {t.description()}
        </Text>
      </Stack>
      {failed ? (
        <Text color="fg.error" fontSize="sm">
          {t.loadFailed()}
        </Text>
      ) : !blockedIps || blockedIps.length === 0 ? (
        <Text color="fg.muted" fontSize="sm" data-testid="blocked-ips-empty">
          {t.empty()}
        </Text>
      ) : (
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t.ip()}</Table.ColumnHeader>
              <Table.ColumnHeader>{t.reason()}</Table.ColumnHeader>
              <Table.ColumnHeader>{t.blockedAt()}</Table.ColumnHeader>
              {canManage ? <Table.ColumnHeader /> : null}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {blockedIps.map((b) => (
              <Table.Row key={b.ip} data-testid="blocked-ip-row" data-ip={b.ip}>
                <Table.Cell>
                  <bdi dir="ltr">{b.ip}</bdi>
                </Table.Cell>
                <Table.Cell>{b.reason || LL.common.notAvailable()}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">{formatDateTime(locale, b.blockedAt)}</Table.Cell>
                {canManage ? (
                  <Table.Cell textAlign="end">
                    <HStack justify="flex-end">
                      <Button
                        size="xs"
                        variant="outline"
                        loading={pendingIp === b.ip}
                        disabled={pendingIp !== null}
                        aria-label={t.unblockLabel({ ip: b.ip })}
                        onClick={() => onUnblock(b.ip)}
                        data-testid="unblock-ip"
                      >
                        {t.unblock()}
                      </Button>
                    </HStack>
                  </Table.Cell>
                ) : null}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
    </Box>
  );
}
