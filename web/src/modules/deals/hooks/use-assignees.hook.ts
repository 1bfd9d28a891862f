import { trpc } from '../../api/trpc.client.ts';

/** People a deal may be assigned to (`crm.assignees`: everyone for crm:all, yourself otherwise). */
export function useAssignees(enabled: boolean) {
  return trpc.crm.assignees.useQuery(undefined, { enabled });
}
