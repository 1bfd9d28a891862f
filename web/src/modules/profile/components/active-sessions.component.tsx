import { Alert, Badge, Box, Button, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useCallback, useState } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { describeApiError, type ApiFailure } from '../../api/api-error.util.ts';
import { serverMessage } from '../../api/server-message.util.ts';
import { useErrorBanner } from '../../ui/hooks/use-error-banner.hook.ts';
import type { useMySessions } from '../hooks/use-my-sessions.hook.ts';
import { useSignOutEverywhere } from '../hooks/use-sign-out-everywhere.hook.ts';
import { useSignOutSession } from '../hooks/use-sign-out-session.hook.ts';
import { clientLabel, type ActiveSession } from '../utils/session-client.util.ts';
import { dateTime, relativeTime } from '../utils/session-time.util.ts';
import { FormAlert } from './form-alert.component.tsx';
import { ProfileCard } from './profile-card.component.tsx';
import { SignOutEverywhereDialog } from './sign-out-everywhere-dialog.component.tsx';

/** "Your active sessions": where the account is signed in, with Sign out per other session and everywhere. */
export function ActiveSessions({ query }: { query: ReturnType<typeof useMySessions> }) {
  const { LL, locale } = useI18nContext();
  const t = LL.profile.sessions;
  const { showError } = useErrorBanner();
  const [notice, setNotice] = useState<string | null>(null);
  const failed = useCallback(
    (fallback: string) => (failure: ApiFailure) => showError((failure.kind === 'server' ? serverMessage(failure, LL) : null) ?? fallback),
    [showError, LL],
  );
  const onSignedOut = useCallback(() => setNotice(t.signedOut()), [t]);
  const onFailed = useCallback((failure: ApiFailure) => failed(t.signOutFailed())(failure), [failed, t]);
  const { signOut, pendingLoginId } = useSignOutSession({ onSignedOut, onFailed });
  const { signOutEverywhere, isPending: endingAll } = useSignOutEverywhere({ onError: onFailed });

  // This device first, then the others by last activity (the server's order).
  const sessions = query.data ? [...query.data.sessions].sort((a, b) => Number(b.current) - Number(a.current)) : undefined;
  const loadFailure = query.isError ? describeApiError(query.error) : null;
  const others = sessions?.filter((s) => !s.current) ?? [];

  const row = (session: ActiveSession) => {
    const client = clientLabel(session, LL);
    return (
      <Box
        key={session.loginId}
        borderWidth="1px"
        borderColor={session.current ? 'blue.300' : 'border.muted'}
        borderRadius="md"
        p={3}
        data-testid="session-row"
        data-current={session.current ? 'true' : 'false'}
      >
        <HStack justify="space-between" align="flex-start" gap={3} wrap="wrap">
          <Stack gap={0.5} minW={0}>
            <HStack gap={2} wrap="wrap">
              <Text fontWeight="semibold" data-testid="session-device">
                {LL.profile.devices[session.device]()} · {client}
              </Text>
              {session.current ? (
                <Badge colorPalette="blue" data-testid="session-this-device">
                  {t.thisDevice()}
                </Badge>
              ) : null}
            </HStack>
            <Text fontSize="sm" color="fg.muted">
              <bdi dir="ltr" data-testid="session-ip">
                {session.ip ?? LL.profile.unknown()}
              </bdi>
              {' · '}
              <span title={dateTime(session.lastSeenAt, locale)} data-testid="session-last-seen">
                {t.lastSeen({ when: relativeTime(session.lastSeenAt, locale) })}
              </span>
            </Text>
            <Text fontSize="xs" color="fg.subtle">
              {t.signedIn({ when: dateTime(session.createdAt, locale) })}
            </Text>
          </Stack>
          {session.current ? null : (
            <Button
              size="sm"
              variant="outline"
              loading={pendingLoginId === session.loginId}
              onClick={() => {
                setNotice(null);
                void signOut(session.loginId);
              }}
              aria-label={t.signOutLabel({ client })}
              data-testid="session-sign-out"
            >
              {t.signOut()}
            </Button>
          )}
        </HStack>
      </Box>
    );
  };

  return (
    <ProfileCard title={t.title()} description={t.description()} testId="profile-sessions">
      <Stack gap={3}>
        {loadFailure ? (
          <Alert.Root status="error" data-testid="sessions-load-error">
            <Alert.Indicator />
            <Alert.Description>{t.loadFailed()}</Alert.Description>
          </Alert.Root>
        ) : null}
        {query.isPending ? (
          <>
            <Skeleton height="16" />
            <Skeleton height="16" />
          </>
        ) : null}
        {sessions ? <Stack gap={2} data-testid="session-list">{sessions.map(row)}</Stack> : null}
        {sessions && others.length === 0 ? (
          <Text fontSize="sm" color="fg.muted" data-testid="sessions-only-this">
            {t.onlyThis()}
          </Text>
        ) : null}
        {notice ? <FormAlert status="success" message={notice} testId="sessions-notice" /> : null}
        <HStack justify="space-between" wrap="wrap" gap={2}>
          <Button size="sm" variant="ghost" onClick={() => void query.refetch()} loading={query.isFetching && !query.isPending} data-testid="sessions-refresh">
            {t.refresh()}
          </Button>
          <SignOutEverywhereDialog pending={endingAll} onConfirm={signOutEverywhere} />
        </HStack>
      </Stack>
    </ProfileCard>
  );
}
