import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';

/** 'Sign out everywhere' behind a confirmation: it ends this session too. */
export function SignOutEverywhereDialog({ pending, onConfirm }: { pending: boolean; onConfirm(): Promise<void> }) {
  const { LL } = useI18nContext();
  const t = LL.profile.sessions;
  const [open, setOpen] = useState(false);

  return (
    <Dialog.Root open={open} onOpenChange={(details) => setOpen(details.open)} role="alertdialog" placement="center">
      <Dialog.Trigger asChild>
        <Button colorPalette="red" variant="outline" size="sm" data-testid="sign-out-everywhere">
          {t.signOutEverywhere()}
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="sign-out-everywhere-dialog">
            <Dialog.Header>
              <Dialog.Title>{t.confirmTitle()}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{t.confirmText()}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">{t.cancel()}</Button>
              </Dialog.ActionTrigger>
              <Button colorPalette="red" loading={pending} onClick={() => void onConfirm()} data-testid="sign-out-everywhere-confirm">
                {t.confirm()}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
