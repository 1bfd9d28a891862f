import { Center } from '@chakra-ui/react';

/** The author's initials in a circle (decorative: the name is always written next to it). */
export function AuthorAvatar({ initials, size = 10 }: { initials: string; size?: number }) {
  return (
    <Center
      aria-hidden="true"
      boxSize={size}
      flexShrink={0}
      rounded="full"
      bg="blue.700"
      color="white"
      fontWeight="bold"
      fontSize={size > 12 ? 'lg' : 'sm'}
    >
      {initials}
    </Center>
  );
}
