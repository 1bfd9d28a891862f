import { Badge, Button, HStack, Stack, Text, chakra } from '@chakra-ui/react';
import type { IntegrationView } from '@crm/contracts/integrations/integration.input';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { ToggleSwitch } from '../../consent/components/toggle-switch.component.tsx';
import { integrationText } from '../utils/integration-text.util.ts';

const STATUS_COLOR = { available: 'gray', installed: 'blue', active: 'green', inactive: 'gray', error: 'red' } as const;

interface Props {
  integration: IntegrationView;
  installing: boolean;
  toggling: boolean;
  onInstall(): void;
  onToggle(active: boolean): void;
  onDetails(): void;
}

/** One integration in the marketplace grid: name, category, version, status, and Install / Enable / Details. */
export function IntegrationCard({ integration: i, installing, toggling, onInstall, onToggle, onDetails }: Props) {
  const { LL } = useI18nContext();
  const t = LL.integrations.marketplace;
  const text = integrationText(LL, i.id);
  return (
    <Stack gap={3} borderWidth="1px" borderColor={i.status === 'error' ? 'red.300' : 'border.muted'} rounded="lg" bg="bg" p={4} data-testid={`integration-${i.id}`} data-status={i.status}>
      <HStack justify="space-between" align="flex-start" gap={2}>
        <Stack gap={0} minW={0}>
          <Text fontWeight="semibold">{text.name}</Text>
          <Text fontSize="xs" color="fg.muted">
            {t.categories[i.category]()} · {t.version({ version: i.version })}
          </Text>
        </Stack>
        <Badge colorPalette={STATUS_COLOR[i.status]} data-testid={`integration-${i.id}-status`}>
          {t.status[i.status]()}
        </Badge>
      </HStack>
      <Text fontSize="sm" color="fg.muted" flex="1">
        {text.description}
      </Text>
      {i.status === 'error' && i.health.lastError ? (
        <Text fontSize="xs" color="red.700" role="alert" data-testid={`integration-${i.id}-error`}>
          {t.errorBanner({ error: i.health.lastError })}
        </Text>
      ) : null}
      <HStack justify="space-between" gap={2} wrap="wrap">
        {i.installed ? (
          <HStack gap={1}>
            <ToggleSwitch checked={i.active} disabled={toggling} onChange={onToggle} labelledBy={`integration-${i.id}-toggle-label`} testId={`integration-${i.id}-toggle`} />
            <Text as="span" id={`integration-${i.id}-toggle-label`} fontSize="sm">
              {t.enabled()} <chakra.span srOnly>{text.name}</chakra.span>
            </Text>
          </HStack>
        ) : (
          <Button size="sm" colorPalette="blue" loading={installing} loadingText={t.installing()} onClick={onInstall} data-testid={`integration-${i.id}-install`}>
            {t.install()}
          </Button>
        )}
        <Button size="sm" variant="outline" onClick={onDetails} data-testid={`integration-${i.id}-details`}>
          {i.installed ? t.configure() : t.details()}
        </Button>
      </HStack>
    </Stack>
  );
}
