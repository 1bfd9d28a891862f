import { Badge } from '@chakra-ui/react';
import type { LoginStatus } from '@crm/contracts/security/login-history.input';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { STATUS_COLOR } from '../utils/login-history-filters.util.ts';

export function LoginStatusBadge({ status }: { status: LoginStatus }) {
  const { LL } = useI18nContext();
  return (
    <Badge colorPalette={STATUS_COLOR[status]} variant="subtle" data-testid="login-status">
      {LL.security.statuses[status]()}
    </Badge>
  );
}
