import { Button, DataList, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useCallback } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import type { ApiFailure } from '../../api/api-error.util.ts';
import { serverMessage } from '../../api/server-message.util.ts';
import { useLogout } from '../../auth/hooks/use-logout.hook.ts';
import { useErrorBanner } from '../../ui/hooks/use-error-banner.hook.ts';
import { clientLabel, type ActiveSession } from '../utils/session-client.util.ts';
import { dateTime } from '../utils/session-time.util.ts';
import { ProfileCard } from './profile-card.component.tsx';

/** Account Actions: this session (since when, on what, from where) and Logout. */
export function AccountActions({ current, loading }: { current: ActiveSession | null; loading: boolean }) {
  const { LL, locale } = useI18nContext();
  const t = LL.profile.account;
  const { showError } = useErrorBanner();
  const onError = useCallback(
    (failure: ApiFailure) => showError((failure.kind === 'server' ? serverMessage(failure, LL) : null) ?? LL.admin.logoutFailed()),
    [showError, LL],
  );
  const { logout, isPending } = useLogout({ onError });

  const rows: [string, string, string | null][] = current
    ? [
        ['since', t.signedInSince(), dateTime(current.createdAt, locale)],
        ['device', t.device(), `${LL.profile.devices[current.device]()} · ${clientLabel(current, LL)}`],
        ['ip', t.ipAddress(), current.ip ?? LL.profile.unknown()],
      ]
    : [];

  return (
    <ProfileCard title={t.title()} description={t.description()} testId="profile-account">
      <Stack gap={5}>
        {loading ? (
          <Skeleton height="20" />
        ) : current ? (
          <DataList.Root orientation="horizontal" size="md">
            {rows.map(([key, label, value]) => (
              <DataList.Item key={key} data-testid={`current-session-${key}`}>
                <DataList.ItemLabel minW="9rem">{label}</DataList.ItemLabel>
                <DataList.ItemValue>{key === 'ip' ? <bdi dir="ltr">{value}</bdi> : value}</DataList.ItemValue>
              </DataList.Item>
            ))}
          </DataList.Root>
        ) : null}
        <Stack gap={2} align="flex-start">
          <Button colorPalette="red" variant="outline" onClick={() => void logout()} loading={isPending} data-testid="profile-logout">
            {t.logout()}
          </Button>
          <Text fontSize="sm" color="fg.muted">
            {t.logoutHint()}
          </Text>
        </Stack>
      </Stack>
    </ProfileCard>
  );
}
