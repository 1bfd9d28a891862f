import { Button, HStack, Text } from '@chakra-ui/react';
import type { TaskBulkAction } from '@crm/contracts/crm/crm.constants';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';

interface TaskBulkBarProps {
  selected: number;
  pendingAction: TaskBulkAction | null;
  onAction(action: TaskBulkAction): void;
}

/** Mark Complete and Delete for the selected tasks (with nothing selected, the spec's 'No Tasks Selected' toast). */
export function TaskBulkBar({ selected, pendingAction, onAction }: TaskBulkBarProps) {
  const { LL } = useI18nContext();
  const b = LL.tasks.bulk;
  return (
    <HStack
      as="section"
      aria-label={b.label()}
      gap={3}
      flexWrap="wrap"
      bg={selected > 0 ? 'blue.subtle' : 'bg'}
      borderWidth="1px"
      borderColor="border.muted"
      rounded="lg"
      px={4}
      py={2}
      data-testid="task-bulk-bar"
    >
      <Text fontSize="sm" fontWeight="medium" flex="1" data-testid="task-selected-count" aria-live="polite">
        {b.selected({ count: selected })}
      </Text>
      <Button size="sm" colorPalette="green" variant="outline" loading={pendingAction === 'complete'} disabled={pendingAction !== null} onClick={() => onAction('complete')} data-testid="task-bulk-complete">
        {b.markComplete()}
      </Button>
      <Button size="sm" colorPalette="red" variant="outline" loading={pendingAction === 'delete'} disabled={pendingAction !== null} onClick={() => onAction('delete')} data-testid="task-bulk-delete">
        {b.delete()}
      </Button>
    </HStack>
  );
}
