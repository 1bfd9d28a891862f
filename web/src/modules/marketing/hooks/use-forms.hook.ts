import { keepPreviousData } from '@tanstack/react-query';
import { trpc } from '../../api/trpc.client.ts';

/**
 * The Lead Capture Forms tab's data: a page of the forms (`marketing.forms.list`, searched on the server) and create /
 * update / delete. A change refreshes the forms, and the summary and analytics that count them.
 */
export function useForms(search: string, page: number, limit: number) {
  const utils = trpc.useUtils();
  const onSuccess = () => Promise.all([utils.marketing.forms.invalidate(), utils.marketing.analytics.invalidate(), utils.marketing.campaigns.invalidate()]);
  return {
    list: trpc.marketing.forms.list.useQuery({ search, page, limit }, { placeholderData: keepPreviousData }),
    create: trpc.marketing.forms.create.useMutation({ onSuccess }),
    update: trpc.marketing.forms.update.useMutation({ onSuccess }),
    remove: trpc.marketing.forms.delete.useMutation({ onSuccess }),
  };
}
