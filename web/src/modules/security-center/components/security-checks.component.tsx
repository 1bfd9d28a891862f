import { Badge, Box, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import type { SecurityScore } from '@crm/contracts/security-center/security-checks';
import { Link } from 'wouter';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { checkDetailText } from '../utils/security-check-text.util.ts';

const STATUS_COLOR = { passed: 'green', partial: 'yellow', failed: 'red', unavailable: 'gray' } as const;

/** The Security Score's checks: points, status, what was found and a link to where each is fixed. */
export function SecurityChecks({ score }: { score: SecurityScore }) {
  const { LL } = useI18nContext();
  const t = LL.securityCenter.checks;
  return (
    <Box as="section" aria-labelledby="security-checks-title" bg="bg" borderWidth="1px" borderColor="border.muted" rounded="lg" p={4} data-testid="security-checks">
      <Stack gap={1} mb={3}>
        <Text as="h3" id="security-checks-title" fontWeight="semibold">
          {t.title()}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {t.description()}
        </Text>
      </Stack>
      <Stack as="ul" gap={0} listStyleType="none" m={0} p={0}>
        {score.checks.map((check) => {
          const title = t.titles[check.id]();
          return (
            <HStack as="li" key={check.id} gap={3} py={2} borderTopWidth="1px" borderColor="border.muted" align="flex-start" wrap="wrap" data-testid="security-check" data-check={check.id} data-status={check.status}>
              <Stack gap={0} flex="1" minW="56">
                <Text fontWeight="medium" fontSize="sm">
                  {title}
                </Text>
                <Text fontSize="xs" color="fg.muted" data-testid="security-check-detail">
                  {checkDetailText(t, check)}
                </Text>
                {check.status === 'failed' || check.status === 'partial' ? (
                  <Text fontSize="xs" data-testid="security-check-remedy">
                    {t.remedies[check.id]()}
                  </Text>
                ) : null}
              </Stack>
              <Badge colorPalette={STATUS_COLOR[check.status]} variant="subtle">
                {t.statuses[check.status]()}
              </Badge>
              <Text fontSize="sm" minW="20" textAlign="end" data-testid="security-check-points">
                {check.status === 'unavailable' ? '–' : t.points({ earned: check.earned, max: check.max })}
              </Text>
              {check.status !== 'passed' ? (
                <ChakraLink asChild fontSize="sm" colorPalette="blue" aria-label={t.fixLabel({ title })}>
                  <Link href={check.fix}>{t.fix()}</Link>
                </ChakraLink>
              ) : (
                <Box minW="6" />
              )}
            </HStack>
          );
        })}
      </Stack>
    </Box>
  );
}
