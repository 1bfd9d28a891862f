import { Box, Button, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { Link } from 'wouter';
import { LineIcon } from '../../ui/components/line-icon.component.tsx';

interface AdminNoticeProps {
  icon: string;
  title: string;
  text: string;
  /** Where to go instead (the first area the user may open), if anywhere. */
  link: { href: string; label: string } | null;
  testId: string;
}

/** A full-panel message inside the admin shell: "no access" to an area, or an unknown admin address. */
export function AdminNotice({ icon, title, text, link, testId }: AdminNoticeProps) {
  return (
    <Center minH="50vh" px={4} data-testid={testId}>
      <Stack gap={4} align="center" textAlign="center" maxW="md">
        <Box color="fg.muted" aria-hidden>
          <LineIcon d={icon} size={40} />
        </Box>
        <Heading as="h1" size="xl">
          {title}
        </Heading>
        <Text color="fg.muted">{text}</Text>
        {link ? (
          <Button asChild colorPalette="blue" size="sm">
            <Link href={link.href} data-testid={`${testId}-link`}>
              {link.label}
            </Link>
          </Button>
        ) : null}
      </Stack>
    </Center>
  );
}
