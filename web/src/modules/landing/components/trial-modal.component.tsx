import { Box, Button, CloseButton, Dialog, Portal, Stack } from '@chakra-ui/react';
import { useRef } from 'react';
import { Link } from 'wouter';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { LandingIcon } from './landing-icon.component.tsx';

interface TrialModalProps {
  open: boolean;
  onClose(): void;
  /** "Book a demo instead": closes this modal and opens the booking dialog. */
  onBookDemo(): void;
}

/** The start-trial modal (spec 01 §2, §4, §9): the 14-day trial's promises and the way into registration. */
export function TrialModal({ open, onClose, onBookDemo }: TrialModalProps) {
  const { LL } = useI18nContext();
  const t = LL.landing.trial;
  const primaryRef = useRef<HTMLAnchorElement>(null);
  const promises = [t.noCreditCard(), t.cancelAnytime(), t.fullAccess(), t.support()];
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => (details.open ? undefined : onClose())}
      placement="center"
      size="md"
      initialFocusEl={() => primaryRef.current}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="trial-modal" mx={4}>
            <Dialog.Header>
              <Dialog.Title fontSize="xl">{t.title()}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap={5}>
                <Dialog.Description color="fg.muted">{t.description()}</Dialog.Description>
                <Stack as="ul" gap={3} listStyleType="none" m={0} p={0}>
                  {promises.map((promise) => (
                    <Box as="li" key={promise} display="flex" alignItems="center" gap={3}>
                      <Box as="span" color="green.700" display="inline-flex" flexShrink={0}>
                        <LandingIcon name="check" size={18} />
                      </Box>
                      {promise}
                    </Box>
                  ))}
                </Stack>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer flexDirection={{ base: 'column-reverse', sm: 'row' }} alignItems="stretch" gap={3}>
              <Button variant="outline" onClick={onBookDemo} data-testid="trial-book-demo">
                {t.bookDemo()}
              </Button>
              <Button asChild colorPalette="blue">
                <Link href="/register" ref={primaryRef} onClick={onClose} data-testid="trial-create-account">
                  {t.createAccount()}
                </Link>
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t.close()} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
