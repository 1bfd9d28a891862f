import { Box, Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { useCustomerOptions } from '../hooks/use-customer-options.hook.ts';

interface CustomerPickerProps {
  customerId: string;
  customerName: string;
  enabled: boolean;
  invalid: boolean;
  onChange(id: string, name: string): void;
}

/** Pick the deal's customer: search `customers.list` on the server, then choose one of the matches. */
export function CustomerPicker({ customerId, customerName, enabled, invalid, onChange }: CustomerPickerProps) {
  const { LL } = useI18nContext();
  const [search, setSearch] = useState('');
  const options = useCustomerOptions(search, enabled && customerId === '');
  const listId = useId();

  if (customerId) {
    return (
      <HStack w="full" justify="space-between" borderWidth="1px" borderColor="border" rounded="md" px={3} py={2} data-testid="deal-customer-selected">
        <Text fontSize="sm">{LL.deals.dialog.customerSelected({ name: customerName })}</Text>
        <Button size="xs" variant="outline" onClick={() => onChange('', '')} data-testid="deal-customer-change">
          {LL.deals.dialog.customerChange()}
        </Button>
      </HStack>
    );
  }

  const customers = options.data?.customers ?? [];
  return (
    <Stack gap={2} w="full">
      <Input
        name="customerSearch"
        type="search"
        autoComplete="off"
        placeholder={LL.deals.dialog.placeholders.customerSearch()}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        aria-controls={listId}
        aria-invalid={invalid || undefined}
        data-testid="deal-customer-search"
      />
      <Box id={listId} role="group" aria-label={LL.deals.dialog.fields.customerId()} maxH="12rem" overflowY="auto" borderWidth="1px" borderColor="border.muted" rounded="md">
        {options.isFetching && customers.length === 0 ? (
          <Text fontSize="sm" color="fg.muted" px={3} py={2}>
            {LL.deals.dialog.customerLoading()}
          </Text>
        ) : customers.length === 0 ? (
          <Text fontSize="sm" color="fg.muted" px={3} py={2} data-testid="deal-customer-none">
            {LL.deals.dialog.customerNone()}
          </Text>
        ) : (
          customers.map((customer) => (
            <Button
              key={customer.id}
              variant="ghost"
              size="sm"
              w="full"
              justifyContent="flex-start"
              rounded="none"
              onClick={() => onChange(customer.id, customer.name)}
              data-testid={`deal-customer-option-${customer.id}`}
            >
              <Text as="span" fontWeight="medium">
                {customer.name}
              </Text>
              {customer.company ? (
                <Text as="span" color="fg.muted" fontSize="xs">
                  · {customer.company}
                </Text>
              ) : null}
            </Button>
          ))
        )}
      </Box>
      <Text fontSize="xs" color="fg.muted">
        {LL.deals.dialog.customerHint()}
      </Text>
    </Stack>
  );
}
