import { Button, Code, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { saveBlob } from '../../ui/utils/download.util.ts';

/** The ten recovery codes, shown once (after enrolment or regeneration): copy, download, then done. */
export function RecoveryCodes({ codes, onDone, doneLabel }: { codes: string[]; onDone(): void; doneLabel?: string }) {
  const { LL } = useI18nContext();
  const t = LL.mfa.recovery;
  const [copied, setCopied] = useState(false);
  const text = codes.join('\n');
  const download = () => saveBlob(new Blob([`${text}\n`], { type: 'text/plain' }), 'recovery-codes.txt');
  return (
    <Stack gap={3} data-testid="mfa-recovery-codes">
      <Text fontWeight="semibold">{t.title()}</Text>
      <Text fontSize="sm" color="fg.muted">
        {t.description()}
      </Text>
      <SimpleGrid columns={2} gap={2} dir="ltr">
        {codes.map((code) => (
          <Code key={code} fontSize="sm" px={2} py={1} textAlign="center" data-testid="mfa-recovery-code">
            {code}
          </Code>
        ))}
      </SimpleGrid>
      <HStack gap={2} flexWrap="wrap">
        <Button
          size="sm"
          variant="outline"
          onClick={() => {
            void navigator.clipboard?.writeText(text).then(() => setCopied(true), () => {});
          }}
        >
          {copied ? t.copied() : t.copy()}
        </Button>
        <Button size="sm" variant="outline" onClick={download}>
          {t.download()}
        </Button>
      </HStack>
      <Button colorPalette="blue" onClick={onDone} data-testid="mfa-recovery-done">
        {doneLabel ?? t.saved()}
      </Button>
    </Stack>
  );
}
