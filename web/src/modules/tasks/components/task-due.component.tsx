import { Badge, HStack, Stack, Text } from '@chakra-ui/react';
import { isTaskOverdue, type TaskView } from '@crm/contracts/tasks/task.input';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { timeLeft } from '../utils/task-time.util.ts';

/** Due date, time left (hours under 24 h, else days; or hours overdue) and the Overdue badge, against `now`. */
export function TaskDue({ task, now }: { task: TaskView; now: Date }) {
  const { LL, locale } = useI18nContext();
  const t = LL.tasks.table;
  if (!task.dueDate) return <Text color="fg.muted">{t.noDueDate()}</Text>;
  const overdue = isTaskOverdue(task, now);
  const open = task.status !== 'completed' && task.status !== 'cancelled';
  const left = timeLeft(task.dueDate, now);
  const text = left.kind === 'overdue' ? t.hoursOverdue({ count: left.count }) : left.kind === 'hours' ? t.hoursLeft({ count: left.count }) : t.daysLeft({ count: left.count });
  return (
    <Stack gap={0.5} data-testid="task-due">
      <HStack gap={2}>
        <Text whiteSpace="nowrap">{new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(task.dueDate))}</Text>
        {overdue ? (
          <Badge colorPalette="red" variant="solid" data-testid="task-overdue">
            {t.overdueBadge()}
          </Badge>
        ) : null}
      </HStack>
      {open ? (
        <Text fontSize="xs" color={overdue ? 'red.700' : 'fg.muted'} data-testid="task-time-left" whiteSpace="nowrap">
          {text}
        </Text>
      ) : null}
    </Stack>
  );
}
