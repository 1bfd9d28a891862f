import { SimpleGrid } from '@chakra-ui/react';
import type { SessionUser } from '../../api/trpc.client.ts';
import { useMySessions } from '../hooks/use-my-sessions.hook.ts';
import { AccountActions } from './account-actions.component.tsx';
import { ActiveSessions } from './active-sessions.component.tsx';
import { ChangePasswordForm } from './change-password-form.component.tsx';
import { MfaSection } from './mfa-section.component.tsx';
import { ProfileInfoForm } from './profile-info-form.component.tsx';

/** The Profile tab (spec 01 §2): profile information, password, two-step verification, this session and Logout, every active session. */
export function ProfileTab({ user }: { user: SessionUser }) {
  const sessions = useMySessions();
  const current = sessions.data?.sessions.find((s) => s.current) ?? null;
  return (
    <SimpleGrid columns={{ base: 1, lg: 2 }} gap={5} data-testid="profile-tab">
      <ProfileInfoForm user={user} />
      <ChangePasswordForm />
      <MfaSection />
      <AccountActions current={current} loading={sessions.isPending} />
      <ActiveSessions query={sessions} />
    </SimpleGrid>
  );
}
