import { allows } from '@crm/contracts/identity/permissions';
import { useRoute } from 'wouter';
import type { AdminAreaPanelProps } from '../../auth/utils/admin-area.types.ts';
import { useRecordRoute } from '../../ui/hooks/use-record-route.hook.ts';
import { PIPELINE_PATH } from '../utils/deal-links.util.ts';
import { DealDetailDialog } from './deal-detail-dialog.component.tsx';
import { PipelineTab } from './pipeline-tab.component.tsx';

/**
 * The Pipeline area (lazy chunk): the board, and `/admin/pipeline/deals/<id>` opens that deal over it (the
 * cards link there). Closing goes back to the board.
 */
export default function PipelineArea({ user }: AdminAreaPanelProps) {
  const [, params] = useRoute<{ id: string }>(`${PIPELINE_PATH}/deals/:id`);
  const { close } = useRecordRoute(PIPELINE_PATH);
  return (
    <>
      <PipelineTab user={user} />
      <DealDetailDialog dealId={params?.id ?? null} canAssignAll={allows(user.userType, 'crm:all')} onClose={close} />
    </>
  );
}
