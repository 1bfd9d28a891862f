import { Heading, Stack, Text } from '@chakra-ui/react';

interface SectionHeadingProps {
  /** The id of the heading, referenced by the section's `aria-labelledby`. */
  id: string;
  eyebrow: string;
  title: string;
  subtitle?: string;
  /** `center` for full-width sections, `start` beside other content. */
  align?: 'center' | 'start';
}

/** The small label, the h2 and the optional lead paragraph that open every landing section. */
export function SectionHeading({ id, eyebrow, title, subtitle, align = 'center' }: SectionHeadingProps) {
  const centered = align === 'center';
  return (
    <Stack gap={3} textAlign={centered ? 'center' : 'start'} align={centered ? 'center' : 'flex-start'} maxW="3xl" mx={centered ? 'auto' : undefined}>
      <Text fontSize="sm" fontWeight="semibold" color="blue.700" textTransform="uppercase" letterSpacing="wider">
        {eyebrow}
      </Text>
      <Heading as="h2" id={id} size={{ base: '2xl', md: '3xl' }} lineHeight="1.2">
        {title}
      </Heading>
      {subtitle ? (
        <Text fontSize={{ base: 'md', md: 'lg' }} color="fg.muted">
          {subtitle}
        </Text>
      ) : null}
    </Stack>
  );
}
