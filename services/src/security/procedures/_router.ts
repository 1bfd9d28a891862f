import { blockIpInput, loginHistoryInput, unblockIpInput } from '@crm/contracts';
import { procedure, router } from '../../trpc/trpc.ts';
import { blockIpHandler } from './block-ip.handler.ts';
import { blockedIpsHandler } from './blocked-ips.handler.ts';
import { loginHistoryHandler } from './login-history.handler.ts';
import { unblockIpHandler } from './unblock-ip.handler.ts';

export const securityRouter = router({
  loginHistory: procedure('security:read').input(loginHistoryInput).query(loginHistoryHandler),
  blockedIps: procedure('security:read').query(blockedIpsHandler),
  blockIp: procedure('security:manage').input(blockIpInput).mutation(blockIpHandler),
  unblockIp: procedure('security:manage').input(unblockIpInput).mutation(unblockIpHandler),
});
