import { Badge } from '@chakra-ui/react';
import type { TaskPriority, TaskStatus } from '@crm/contracts/crm/crm.constants';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { TASK_PRIORITY_COLOR, TASK_STATUS_COLOR } from '../utils/task-style.util.ts';

export function TaskStatusBadge({ status }: { status: TaskStatus }) {
  const { LL } = useI18nContext();
  return (
    <Badge colorPalette={TASK_STATUS_COLOR[status]} variant="subtle" data-testid="task-status" data-status={status} whiteSpace="nowrap">
      {LL.tasks.statuses[status]()}
    </Badge>
  );
}

export function TaskPriorityBadge({ priority }: { priority: TaskPriority }) {
  const { LL } = useI18nContext();
  return (
    <Badge colorPalette={TASK_PRIORITY_COLOR[priority]} variant="outline" data-testid="task-priority" data-priority={priority} whiteSpace="nowrap">
      {LL.tasks.priorities[priority]()}
    </Badge>
  );
}
