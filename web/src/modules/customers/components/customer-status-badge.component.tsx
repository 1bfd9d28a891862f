import { Badge } from '@chakra-ui/react';
import type { CustomerStatus } from '@crm/contracts/crm/crm.constants';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';

const PALETTE: Record<CustomerStatus, string> = { lead: 'blue', prospect: 'purple', customer: 'green', inactive: 'gray' };

export function CustomerStatusBadge({ status, testId }: { status: CustomerStatus; testId?: string }) {
  const { LL } = useI18nContext();
  return (
    <Badge colorPalette={PALETTE[status]} variant="subtle" data-testid={testId} data-status={status}>
      {LL.customers.statuses[status]()}
    </Badge>
  );
}
