import { Badge, Box, Button, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { can, type InvitationView } from '@crm/contracts';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import type { SessionUser } from '../../api/trpc.client.ts';
import { DataText } from '../../ui/components/data-text.component.tsx';

/** Pending invitations (Users area), each with Revoke where the viewer may revoke it. */
export function PendingInvitations({
  invitations,
  viewer,
  revokingId,
  onRevoke,
}: {
  invitations: InvitationView[] | undefined;
  viewer: SessionUser;
  revokingId: string | null;
  onRevoke(id: string): void;
}) {
  const { LL, locale } = useI18nContext();
  const t = LL.users.invite;
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  if (!invitations || invitations.length === 0) return null;
  return (
    <Box as="section" aria-labelledby="pending-invitations-title" data-testid="pending-invitations" borderWidth="1px" borderRadius="md" p={4}>
      <Heading as="h2" size="sm" id="pending-invitations-title" mb={3}>
        {t.pendingTitle()}
      </Heading>
      <Stack as="ul" gap={2} listStyleType="none">
        {invitations.map((inv) => (
          <HStack as="li" key={inv.id} justify="space-between" flexWrap="wrap" gap={2} data-testid="pending-invitation">
            <Stack gap={0}>
              <HStack gap={2}>
                <Text as="span" fontWeight="medium"><DataText>{inv.email}</DataText></Text>
                <Badge>{LL.admin.roles[inv.userType]()}</Badge>
              </HStack>
              <Text fontSize="sm" color="fg.muted">
                {inv.invitedByName ? `${t.invitedBy({ name: inv.invitedByName })} · ` : ''}
                {t.expires({ date: date.format(new Date(inv.expiresAt)) })}
              </Text>
            </Stack>
            {can(viewer.userType, 'users:manage') || inv.userType === 'user' ? (
              <Button size="sm" variant="outline" colorPalette="red" loading={revokingId === inv.id} onClick={() => onRevoke(inv.id)}>
                {t.revoke()}
              </Button>
            ) : null}
          </HStack>
        ))}
      </Stack>
    </Box>
  );
}
