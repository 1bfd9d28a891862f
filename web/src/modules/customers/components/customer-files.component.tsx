import { Button, HStack, Link, Stack, Table, Text } from '@chakra-ui/react';
import { CRM_LIMITS, CUSTOMER_FILE_TYPES } from '@crm/contracts/crm/crm.constants';
import type { CustomerFileView } from '@crm/contracts/customers/customer.input';
import { useRef, useState } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { ConfirmDialog } from '../../ui/components/confirm-dialog.component.tsx';
import { toast, toastError } from '../../ui/utils/app-toaster.util.ts';
import { useDeleteCustomerFile } from '../hooks/use-delete-customer-file.hook.ts';
import { useUploadCustomerFile } from '../hooks/use-upload-customer-file.hook.ts';
import { customerFileUrl } from '../utils/customer-files.util.ts';
import { formatBytes, formatDateTime } from '../utils/customer-format.util.ts';

/** The Files tab: upload (size and type checked by the server), list, download, delete (with confirmation). */
export function CustomerFiles({ customerId, files, readOnly }: { customerId: string; files: CustomerFileView[]; readOnly: boolean }) {
  const { LL, locale } = useI18nContext();
  const t = LL.customers.files;
  const input = useRef<HTMLInputElement>(null);
  const { upload, pending } = useUploadCustomerFile(customerId);
  const { remove, pending: removing } = useDeleteCustomerFile(customerId);
  const [confirming, setConfirming] = useState<CustomerFileView | null>(null);

  const onDelete = async (file: CustomerFileView) => {
    const failure = await remove(file.id);
    setConfirming(null);
    if (failure) toastError(LL, t.deleteFailed());
    else toast({ type: 'success', title: t.deleted(), description: file.name });
  };

  const onPicked = async (file: File | undefined) => {
    if (!file) return;
    const outcome = await upload(file);
    if (input.current) input.current.value = '';
    if (outcome === 'ok') toast({ type: 'success', title: t.uploaded(), description: file.name });
    else toastError(LL, t.uploadFailed(), outcome === 'tooLarge' ? t.tooLarge({ max: formatBytes(CRM_LIMITS.fileBytes, locale) }) : outcome === 'badType' ? t.badType() : null);
  };

  return (
    <Stack gap={4}>
      <HStack justify="end" hidden={readOnly}>
        <input
          ref={input}
          type="file"
          hidden
          accept={CUSTOMER_FILE_TYPES.join(',')}
          data-testid="customer-file-input"
          onChange={(e) => void onPicked(e.currentTarget.files?.[0])}
        />
        <Button size="sm" variant="outline" loading={pending} loadingText={t.uploading()} onClick={() => input.current?.click()} data-testid="customer-file-upload">
          {t.upload()}
        </Button>
      </HStack>
      {files.length === 0 ? (
        <Text color="fg.muted" textAlign="center" py={6} data-testid="customer-files-empty">
          {t.empty()}
        </Text>
      ) : (
        <Table.ScrollArea borderWidth="1px" borderColor="border.muted" rounded="md">
          <Table.Root size="sm" data-testid="customer-files">
            <Table.Header>
              <Table.Row bg="bg.subtle">
                <Table.ColumnHeader>{t.name()}</Table.ColumnHeader>
                <Table.ColumnHeader>{t.size()}</Table.ColumnHeader>
                <Table.ColumnHeader>{t.uploadedAt()}</Table.ColumnHeader>
                <Table.ColumnHeader />
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {files.map((file) => (
                <Table.Row key={file.id} data-testid="customer-file">
                  <Table.Cell>
                    <bdi>{file.name}</bdi>
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap">
                    <bdi>{formatBytes(file.size, locale)}</bdi>
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{formatDateTime(file.uploadedAt, locale)}</Table.Cell>
                  <Table.Cell textAlign="end">
                    <HStack gap={3} justify="end">
                      <Link href={customerFileUrl(customerId, file.id)} download={file.name} colorPalette="blue" fontSize="sm" aria-label={t.downloadLabel({ name: file.name })}>
                        {t.download()}
                      </Link>
                      {readOnly ? null : (
                        <Button size="xs" variant="ghost" colorPalette="red" aria-label={t.deleteLabel({ name: file.name })} onClick={() => setConfirming(file)} data-testid="customer-file-delete">
                          {t.delete()}
                        </Button>
                      )}
                    </HStack>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      <ConfirmDialog
        subject={confirming}
        title={t.deleteTitle()}
        text={{ sentence: (name) => t.deleteText({ name }), name: confirming?.name ?? '' }}
        cancelLabel={t.deleteCancel()}
        confirmLabel={t.deleteConfirm()}
        pending={removing}
        onConfirm={(file) => void onDelete(file)}
        onClose={() => setConfirming(null)}
        testId="customer-file-delete"
      />
    </Stack>
  );
}
