import { trpc } from '../../api/trpc.client.ts';

/** One task by id (`tasks.get`), for the Edit Task deep link when the list on screen does not hold it. */
export function useTask(id: string | null) {
  return trpc.tasks.get.useQuery({ id: id ?? '' }, { enabled: id !== null, retry: false, select: (result) => result.task });
}
