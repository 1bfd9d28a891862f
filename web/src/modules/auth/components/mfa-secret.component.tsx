import { Box, Button, Code, HStack, Image, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';

/**
 * What an authenticator app needs: the QR code (the server's SVG, shown as an image so it can run nothing) and
 * the base32 key for typing by hand, in groups of four, left to right in every language.
 */
export function MfaSecret({ secret, qrSvg }: { secret: string; qrSvg: string }) {
  const { LL } = useI18nContext();
  const [copied, setCopied] = useState(false);
  const grouped = secret.match(/.{1,4}/g)?.join(' ') ?? secret;
  return (
    <Stack gap={3} data-testid="mfa-secret">
      <Text fontSize="sm">{LL.mfa.setup.scan()}</Text>
      <Box alignSelf="center" bg="white" p={2} borderWidth="1px" borderRadius="md">
        <Image src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrSvg)}`} alt={LL.mfa.setup.qrAlt()} width="180px" height="180px" data-testid="mfa-qr" />
      </Box>
      <Text fontSize="sm">{LL.mfa.setup.manual()}</Text>
      <HStack gap={2} flexWrap="wrap">
        <Code dir="ltr" fontSize="sm" px={2} py={1} wordBreak="break-all" data-testid="mfa-secret-text" data-secret={secret}>
          {grouped}
        </Code>
        <Button
          size="xs"
          variant="outline"
          onClick={() => {
            void navigator.clipboard?.writeText(secret).then(() => setCopied(true), () => {});
          }}
        >
          {copied ? LL.mfa.setup.copied() : LL.mfa.setup.copy()}
        </Button>
      </HStack>
    </Stack>
  );
}
