import { Button, CloseButton, Code, Dialog, HStack, Link, Portal, Stack, Text } from '@chakra-ui/react';
import type { LeadFormView } from '@crm/contracts/marketing/marketing.views';
import { useI18nContext } from '../../../../i18n/i18n-react.tsx';
import { toast, toastError } from '../../../ui/utils/app-toaster.util.ts';
import { embedSnippets } from './form-builder.util.ts';

/** "Embed code": the hosted page's link, the script tag and the iframe for another site, each with Copy. */
export function FormEmbedDialog({ form, onClose }: { form: LeadFormView | null; onClose(): void }) {
  const { LL } = useI18nContext();
  const t = LL.marketing.forms.embed;
  const snippets = form ? embedSnippets(window.location.origin, form.slug) : null;
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast({ type: 'success', title: t.copied() });
    } catch {
      toastError(LL, t.copyFailed());
    }
  };
  const block = (id: 'hosted' | 'script' | 'iframe', label: string, hint: string, text: string) => (
    <Stack gap={1.5}>
      <HStack justify="space-between" gap={2}>
        <Text fontWeight="medium" fontSize="sm" id={`form-embed-${id}-label`}>
          {label}
        </Text>
        <Button size="xs" variant="outline" onClick={() => void copy(text)} aria-describedby={`form-embed-${id}-label`} data-testid={`form-embed-copy-${id}`}>
          {t.copy()}
        </Button>
      </HStack>
      <Text fontSize="xs" color="fg.muted">
        {hint}
      </Text>
      <Code dir="ltr" p={2} fontSize="xs" display="block" whiteSpace="pre-wrap" overflowWrap="anywhere" userSelect="all" data-testid={`form-embed-${id}`}>
        {text}
      </Code>
    </Stack>
  );
  return (
    <Dialog.Root open={form !== null} onOpenChange={(d) => (d.open ? undefined : onClose())} placement="center" size={{ base: 'full', sm: 'lg' }} scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="form-embed-dialog">
            <Dialog.Header>
              <Dialog.Title>
                {t.title()} · <bdi>{form?.name}</bdi>
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {form && snippets ? (
                <Stack gap={5}>
                  {form.isActive ? null : (
                    <Text fontSize="sm" color="fg.warning" role="status" data-testid="form-embed-inactive">
                      {t.inactive()}
                    </Text>
                  )}
                  {block('hosted', t.hosted(), t.hostedHint(), snippets.hosted)}
                  <Link href={snippets.hosted} target="_blank" rel="noopener" fontSize="sm" colorPalette="blue" data-testid="form-embed-open">
                    {t.open()}
                  </Link>
                  {block('script', t.script(), t.scriptHint(), snippets.script)}
                  {block('iframe', t.iframe(), t.iframeHint(), snippets.iframe)}
                  <Text fontSize="xs" color="fg.muted" data-testid="form-embed-origins">
                    {form.allowedOrigins.length > 0 ? t.origins({ origins: form.allowedOrigins.join(', ') }) : t.noOrigins()}
                  </Text>
                </Stack>
              ) : null}
            </Dialog.Body>
            <Dialog.Footer>
              <Button colorPalette="blue" onClick={onClose} data-testid="form-embed-done">
                {t.done()}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={LL.common.close()} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
