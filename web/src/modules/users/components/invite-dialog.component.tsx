import { Button, Dialog, Field, Input, NativeSelect, Portal, Stack, Text } from '@chakra-ui/react';
import { USER_TYPES, can, type UserType } from '@crm/contracts';
import { useState } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { describeApiError } from '../../api/api-error.util.ts';
import { serverMessage } from '../../api/server-message.util.ts';
import type { SessionUser } from '../../api/trpc.client.ts';
import { useInviteUser } from '../hooks/use-invite-user.hook.ts';

/** The roles the viewer may invite: an admin any, a manager only `user` (the server decides the same). */
export const invitableRoles = (viewer: SessionUser): UserType[] => (can(viewer.userType, 'users:manage') ? [...USER_TYPES] : ['user']);

/** "Invite" in the Users area: e-mail and role; the invitee gets a single-use link valid 7 days. */
export function InviteDialog({ viewer, open, onClose, onSent }: { viewer: SessionUser; open: boolean; onClose(): void; onSent(email: string): void }) {
  const { LL, locale } = useI18nContext();
  const t = LL.users.invite;
  const roles = invitableRoles(viewer);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<UserType>('user');
  const [error, setError] = useState<string | null>(null);
  const invite = useInviteUser();

  const close = () => {
    setEmail('');
    setRole('user');
    setError(null);
    onClose();
  };
  const submit = async () => {
    setError(null);
    try {
      await invite.mutateAsync({ email: email.trim(), role, locale });
      onSent(email.trim());
      close();
    } catch (caught) {
      const failure = describeApiError(caught);
      if (failure.kind === 'server' && failure.fieldErrors.email) setError(t.invalidEmail());
      else setError(t.failed({ reason: (failure.kind === 'server' ? serverMessage(failure, LL) : null) ?? LL.users.updateFailed() }));
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={(d) => (d.open ? undefined : close())} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="invite-dialog" mx={3}>
            <form
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                void submit();
              }}
            >
              <Dialog.Header>
                <Dialog.Title>{t.title()}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap={4}>
                  <Text color="fg.muted" fontSize="sm">
                    {t.intro()}
                  </Text>
                  <Field.Root required invalid={!!error}>
                    <Field.Label>{t.email()}</Field.Label>
                    <Input name="email" type="email" dir="ltr" autoComplete="off" maxLength={254} value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
                    {error ? <Field.ErrorText data-testid="invite-error">{error}</Field.ErrorText> : null}
                  </Field.Root>
                  <Field.Root required>
                    <Field.Label>{t.role()}</Field.Label>
                    <NativeSelect.Root>
                      <NativeSelect.Field name="role" value={role} onChange={(e) => setRole(e.currentTarget.value as UserType)}>
                        {roles.map((r) => (
                          <option key={r} value={r}>
                            {LL.admin.roles[r]()}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </Field.Root>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={close}>
                  {t.cancel()}
                </Button>
                <Button type="submit" colorPalette="blue" disabled={email.trim() === ''} loading={invite.isPending} data-testid="invite-send">
                  {t.send()}
                </Button>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
