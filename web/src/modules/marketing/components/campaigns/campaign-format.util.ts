import { roiColor } from '@crm/contracts/marketing/marketing.constants';
import { formatPercent } from '../../../dashboard/utils/dashboard-format.util.ts';

/** ROI as shown (spec 02 §9): "—" while nothing was spent, else the percentage, green above 100 %, red otherwise. */
export function roiDisplay(roi: number | null, locale: string, none: string): { text: string; color: string | undefined } {
  const color = roiColor(roi);
  return { text: roi === null ? none : formatPercent(roi, locale), color: color === 'green' ? 'green.fg' : color === 'red' ? 'red.fg' : undefined };
}

/** A campaign status's badge colour. */
export const STATUS_PALETTE = { draft: 'gray', active: 'green', paused: 'orange', completed: 'blue', cancelled: 'red' } as const;
