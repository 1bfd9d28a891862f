/** Where a customer's file is downloaded (the session cookie authorizes it; the server checks the scope). */
export function customerFileUrl(customerId: string, fileId: string): string {
  return `/api/crm/customers/${encodeURIComponent(customerId)}/files/${encodeURIComponent(fileId)}`;
}
