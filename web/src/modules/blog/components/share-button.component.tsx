import { Button, HStack, Text } from '@chakra-ui/react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { useShareLink } from '../hooks/use-share-link.hook.ts';

function ShareIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
      <circle cx="18" cy="5" r="3" />
      <circle cx="6" cy="12" r="3" />
      <circle cx="18" cy="19" r="3" />
      <path d="M8.6 13.5l6.8 4M15.4 6.5l-6.8 4" />
    </svg>
  );
}

/** Share: the native share sheet when there is one, else the link is copied and the visitor is told so. */
export function ShareButton({ title }: { title: string }) {
  const { LL } = useI18nContext();
  const { share, outcome } = useShareLink();
  const message = outcome === 'copied' ? LL.blog.article.linkCopied() : outcome === 'failed' ? LL.blog.article.copyFailed() : '';
  return (
    <HStack gap={3} flexWrap="wrap">
      <Button
        size="sm"
        variant="outline"
        colorPalette="blue"
        onClick={() => void share({ title, text: LL.blog.article.shareText(), url: window.location.href })}
        data-testid="article-share"
      >
        <ShareIcon />
        {LL.blog.article.share()}
      </Button>
      <Text role="status" fontSize="sm" color={outcome === 'failed' ? 'red.700' : 'green.700'} data-testid="article-share-status">
        {message}
      </Text>
    </HStack>
  );
}
