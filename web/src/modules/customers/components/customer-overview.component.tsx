import { Badge, Box, Button, DataList, HStack, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { CustomerView } from '@crm/contracts/customers/customer.input';
import { useState, type ReactNode } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { useCustomerForm } from '../hooks/use-customer-form.hook.ts';
import { formFromCustomer, joinAddressLine, splitAddressLine, type CustomerFormValues } from '../utils/customer-form.util.ts';
import { formatDate, formatDateTime, formatDollars } from '../utils/customer-format.util.ts';
import { CustomerFormFields } from './customer-form-fields.component.tsx';
import { CustomerStatusBadge } from './customer-status-badge.component.tsx';
import { LeadScore } from './lead-score.component.tsx';
import { DataText } from '../../ui/components/data-text.component.tsx';

/** The Overview tab: view mode, or edit mode with Save / Cancel and the address as one box (spec 02 §2). */
export function CustomerOverview({ customer, readOnly }: { customer: CustomerView; readOnly: boolean }) {
  const { LL, locale } = useI18nContext();
  const d = LL.customers.detail;
  const f = LL.customers.form;
  const { submit, errors, clearErrors, pending } = useCustomerForm();
  const [editing, setEditing] = useState<{ values: CustomerFormValues; addressLine: string } | null>(null);

  const startEdit = () => {
    clearErrors();
    setEditing({ values: formFromCustomer(customer), addressLine: joinAddressLine(customer) });
  };
  const save = async () => {
    if (!editing) return;
    const parts = splitAddressLine(editing.addressLine);
    const saved = await submit(customer.id, { ...editing.values, ...parts });
    if (saved) setEditing(null);
  };

  if (editing) {
    return (
      <Stack gap={4} data-testid="customer-overview-edit">
        <CustomerFormFields
          values={editing.values}
          onChange={(values) => setEditing({ ...editing, values })}
          errors={errors}
          addressLine={{ value: editing.addressLine, onChange: (addressLine) => setEditing({ ...editing, addressLine }) }}
          testIdPrefix="customer-detail"
        />
        <HStack justify="end">
          <Button variant="outline" onClick={() => setEditing(null)} data-testid="customer-detail-cancel">
            {d.cancel()}
          </Button>
          <Button colorPalette="blue" loading={pending} onClick={() => void save()} data-testid="customer-detail-save">
            {d.save()}
          </Button>
        </HStack>
      </Stack>
    );
  }

  const none = <Text color="fg.muted">{d.notSet()}</Text>;
  const ltr = (v: string | null) => (v ? <bdi dir="ltr">{v}</bdi> : none);
  const auto = (v: string | null) => (v ? <bdi>{v}</bdi> : none);
  const item = (key: string, label: string, value: ReactNode) => (
    <DataList.Item key={key} data-testid={`customer-detail-${key}`}>
      <DataList.ItemLabel minW="7rem">{label}</DataList.ItemLabel>
      <DataList.ItemValue>{value}</DataList.ItemValue>
    </DataList.Item>
  );
  const section = (title: string, children: ReactNode) => (
    <Box borderWidth="1px" borderColor="border.muted" rounded="md" p={4}>
      <Heading size="sm" mb={3}>
        {title}
      </Heading>
      <DataList.Root orientation="horizontal" size="sm">
        {children}
      </DataList.Root>
    </Box>
  );

  return (
    <Stack gap={4} data-testid="customer-overview">
      {readOnly ? null : (
        <HStack justify="end">
          <Button size="sm" variant="outline" onClick={startEdit} data-testid="customer-detail-edit">
            {d.edit()}
          </Button>
        </HStack>
      )}
      <SimpleGrid columns={{ base: 1, md: 2 }} gap={4}>
        {section(
          d.contactInfo(),
          <>
            {item('email', f.email(), ltr(customer.email))}
            {item('phone', f.phone(), ltr(customer.phone))}
            {item('website', f.website(), ltr(customer.website))}
            {item('address', f.address(), auto(customer.address))}
            {item('city', f.city(), auto(customer.city))}
            {item('country', f.country(), auto(customer.country))}
          </>,
        )}
        {section(
          d.businessInfo(),
          <>
            {item('company', f.company(), auto(customer.company))}
            {item('industry', f.industry(), customer.industry ? LL.customers.industries[customer.industry]() : none)}
            {item('status', f.status(), <CustomerStatusBadge status={customer.status} />)}
            {item('leadScore', LL.customers.table.leadScore(), <LeadScore score={customer.leadScore} />)}
            {item('source', f.source(), customer.leadSource ? LL.customers.sources[customer.leadSource]() : none)}
            {item('assignedTo', f.assignedTo(), auto(customer.assignedToName))}
          </>,
        )}
        {section(
          d.salesInfo(),
          <>
            {item('wonValue', d.wonValue(), <DataText>{formatDollars(customer.wonValue, locale)}</DataText>)}
            {item('openValue', d.openValue(), <DataText>{formatDollars(customer.openValue, locale)}</DataText>)}
            {item('totalDeals', d.totalDeals(), customer.totalDeals)}
            {item('lastContact', d.lastContact(), customer.lastContact ? formatDateTime(customer.lastContact, locale) : d.never())}
            {item('createdAt', d.createdAt(), formatDate(customer.createdAt, locale))}
          </>,
        )}
        <Box borderWidth="1px" borderColor="border.muted" rounded="md" p={4}>
          <Heading size="sm" mb={3}>
            {f.tags()}
          </Heading>
          <HStack gap={1} wrap="wrap" mb={3}>
            {customer.tags.length ? customer.tags.map((tag) => <Badge key={tag} variant="outline">{tag}</Badge>) : none}
          </HStack>
          <Heading size="sm" mb={2}>
            {f.notes()}
          </Heading>
          {customer.notes ? <Text whiteSpace="pre-wrap">{customer.notes}</Text> : none}
        </Box>
      </SimpleGrid>
    </Stack>
  );
}
