import { trpc } from '../../api/trpc.client.ts';

/** `deals.forecast`: the last three months and the next six, predicted against won. */
export function useDealForecast() {
  return trpc.deals.forecast.useQuery({ months: 6, pastMonths: 3 });
}
