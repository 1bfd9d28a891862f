import { Badge, Stack, Text, Wrap } from '@chakra-ui/react';
import { isTaskOverdue, type TaskView } from '@crm/contracts/tasks/task.input';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { timeLeft, timeLeftText } from '../utils/task-time.util.ts';

/** Due date, time left (hours under 24 h, else days; overdue in hours up to 48 h, then in days) and the Overdue badge, against `now`. */
export function TaskDue({ task, now }: { task: TaskView; now: Date }) {
  const { LL, locale } = useI18nContext();
  const t = LL.tasks.table;
  if (!task.dueDate) return <Text color="fg.muted">{t.noDueDate()}</Text>;
  const overdue = isTaskOverdue(task, now);
  const open = task.status !== 'completed' && task.status !== 'cancelled';
  const text = timeLeftText(timeLeft(task.dueDate, now), LL);
  return (
    <Stack gap={0.5} data-testid="task-due">
      <Text whiteSpace="nowrap">{new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(task.dueDate))}</Text>
      {open ? (
        // The time left and, past due, the Overdue badge under the date: side by side, or the badge under the text
        // when the table needs the room (so every column and the row actions fit a 1280 px screen).
        <Wrap gap={1.5} align="center">
          <Text fontSize="xs" color={overdue ? 'red.700' : 'fg.muted'} data-testid="task-time-left" whiteSpace="nowrap">
            {text}
          </Text>
          {overdue ? (
            <Badge colorPalette="red" variant="solid" size="sm" data-testid="task-overdue">
              {t.overdueBadge()}
            </Badge>
          ) : null}
        </Wrap>
      ) : null}
    </Stack>
  );
}
