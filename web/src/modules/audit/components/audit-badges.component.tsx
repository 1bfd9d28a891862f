import { Badge } from '@chakra-ui/react';
import type { AuditOutcome, RiskLevel } from '@crm/contracts/platform/audit';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { OUTCOME_COLOR, RISK_COLOR } from '../utils/audit-format.util.ts';

export function RiskBadge({ risk }: { risk: RiskLevel }) {
  const { LL } = useI18nContext();
  return (
    <Badge colorPalette={RISK_COLOR[risk]} variant={risk === 'critical' ? 'solid' : 'subtle'} data-testid="audit-risk" data-risk={risk}>
      {LL.auditLog.risks[risk]()}
    </Badge>
  );
}

export function OutcomeBadge({ outcome }: { outcome: AuditOutcome }) {
  const { LL } = useI18nContext();
  return (
    <Badge colorPalette={OUTCOME_COLOR[outcome]} variant="subtle" data-testid="audit-outcome" data-outcome={outcome}>
      {LL.auditLog.outcomes[outcome]()}
    </Badge>
  );
}
