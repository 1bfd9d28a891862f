import { Box, Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { DataText } from '../../ui/components/data-text.component.tsx';
import { useTaskCustomerOptions } from '../hooks/use-task-customer-options.hook.ts';

interface TaskCustomerPickerProps {
  customer: { id: string; name: string } | null;
  enabled: boolean;
  error?: string;
  onChange(customer: { id: string; name: string } | null): void;
}

/** The optional customer of a task: search, then pick one of the matches (or none); Change clears it. */
export function TaskCustomerPicker({ customer, enabled, error, onChange }: TaskCustomerPickerProps) {
  const { LL } = useI18nContext();
  const d = LL.tasks.dialog;
  const [search, setSearch] = useState('');
  const options = useTaskCustomerOptions(search, enabled && customer === null);
  const listId = useId();
  const customers = options.data?.customers ?? [];

  return (
    <Field.Root invalid={!!error}>
      <Field.Label>{d.customer()}</Field.Label>
      {customer ? (
        <HStack w="full" justify="space-between" borderWidth="1px" borderColor="border" rounded="md" px={3} py={2} data-testid="task-form-customer-selected">
          <Text fontSize="sm">
            <DataText>{customer.name}</DataText>
          </Text>
          <Button size="xs" variant="outline" onClick={() => onChange(null)} data-testid="task-form-customer-clear">
            {d.customerClear()}
          </Button>
        </HStack>
      ) : (
        <Stack gap={2} w="full">
          <Input
            size="sm"
            name="customerSearch"
            type="search"
            autoComplete="off"
            placeholder={d.customerSearch()}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            aria-controls={search.trim() ? listId : undefined}
            data-testid="task-form-customer-search"
          />
          {search.trim() ? (
            <Box id={listId} role="group" aria-label={d.customer()} maxH="10rem" overflowY="auto" borderWidth="1px" borderColor="border.muted" rounded="md">
              {customers.length === 0 ? (
                <Text fontSize="sm" color="fg.muted" px={3} py={2}>
                  {options.isFetching ? d.customerLoading() : d.customerNone()}
                </Text>
              ) : (
                customers.map((c) => (
                  <Button key={c.id} variant="ghost" size="sm" w="full" justifyContent="flex-start" rounded="none" onClick={() => onChange({ id: c.id, name: c.name })} data-testid={`task-form-customer-option-${c.id}`}>
                    <Text as="span" fontWeight="medium">
                      {c.name}
                    </Text>
                    {c.company ? (
                      <Text as="span" color="fg.muted" fontSize="xs">
                        · {c.company}
                      </Text>
                    ) : null}
                  </Button>
                ))
              )}
            </Box>
          ) : null}
        </Stack>
      )}
      <Field.HelperText>{d.customerHint()}</Field.HelperText>
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
