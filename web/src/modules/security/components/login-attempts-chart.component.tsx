import { Box, HStack, Heading, Text } from '@chakra-ui/react';
import { useId } from 'react';
import type { LoginHistoryDay } from '@crm/contracts/security/login-history.input';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { continuousDays } from '../utils/login-chart.util.ts';
import { formatDay } from '../utils/login-history-format.util.ts';

const SERIES = [
  { key: 'success', color: 'var(--chakra-colors-green-500)' },
  { key: 'failed', color: 'var(--chakra-colors-red-500)' },
  { key: 'suspicious', color: 'var(--chakra-colors-orange-400)' },
] as const;

/** The most recent days shown (the server sends up to 90). */
const MAX_DAYS = 30;
const WIDTH = 900;
const HEIGHT = 120;
const LABEL_H = 18;

/**
 * Attempts per day as stacked bars (success, failed, suspicious): a plain SVG, no chart library. Each bar
 * has a text alternative (its <title>), and the figure is labelled by its heading.
 */
export function LoginAttemptsChart({ days }: { days: LoginHistoryDay[] | undefined }) {
  const { LL, locale } = useI18nContext();
  const headingId = useId();
  const t = LL.security;
  const shown = continuousDays(days ?? []).slice(-MAX_DAYS);
  const max = Math.max(1, ...shown.map((d) => d.success + d.failed + d.suspicious));
  const slot = WIDTH / Math.max(shown.length, 7);
  const barW = Math.max(4, Math.min(36, slot * 0.6));
  const labelEvery = Math.ceil(shown.length / 10);

  return (
    <Box as="figure" bg="bg" borderWidth="1px" borderColor="border.muted" rounded="lg" p={4} aria-labelledby={headingId} data-testid="login-attempts-chart">
      <HStack justify="space-between" wrap="wrap" mb={2}>
        <Heading as="h3" size="sm" id={headingId}>
          {t.chart.title()}
        </Heading>
        <HStack gap={4} fontSize="xs" color="fg.muted">
          {SERIES.map((s) => (
            <HStack key={s.key} gap={1}>
              <Box w="3" h="3" rounded="sm" style={{ background: s.color }} aria-hidden />
              <Text>{t.statuses[s.key]()}</Text>
            </HStack>
          ))}
        </HStack>
      </HStack>
      {shown.length === 0 ? (
        <Text color="fg.muted" fontSize="sm" py={6} textAlign="center">
          {t.chart.empty()}
        </Text>
      ) : (
        <Box dir="ltr">
          <svg viewBox={`0 0 ${WIDTH} ${HEIGHT + LABEL_H}`} width="100%" role="list" aria-label={t.chart.title()} style={{ display: 'block' }}>
            <line x1={0} x2={WIDTH} y1={HEIGHT} y2={HEIGHT} stroke="var(--chakra-colors-border)" />
            {shown.map((d, i) => {
              const x = i * slot + (slot - barW) / 2;
              let y = HEIGHT;
              const label = t.chart.bar({ day: formatDay(locale, d.day), success: d.success, failed: d.failed, suspicious: d.suspicious });
              return (
                <g key={d.day} role="listitem" aria-label={label}>
                  <title>{label}</title>
                  {SERIES.map((s) => {
                    const h = (d[s.key] / max) * (HEIGHT - 8);
                    y -= h;
                    return h > 0 ? <rect key={s.key} x={x} y={y} width={barW} height={h} fill={s.color} rx={2} /> : null;
                  })}
                  {i % labelEvery === 0 ? (
                    <text x={x + barW / 2} y={HEIGHT + 13} textAnchor="middle" fontSize={10} fill="var(--chakra-colors-fg-muted)" aria-hidden>
                      {formatDay(locale, d.day)}
                    </text>
                  ) : null}
                </g>
              );
            })}
          </svg>
        </Box>
      )}
    </Box>
  );
}
