import { configureIntegrationInput, integrationIdInput, setIntegrationActiveInput } from '@crm/contracts';
import { commandContext, type AuthedRequestContext } from '../../../platform/request-context.ts';
import { procedure, router } from '../../../trpc/trpc.ts';

type Ctx = { ctx: AuthedRequestContext };

/** `integrations.*`: the Integrations area's marketplace, My Integrations and the four summary cards. */
export const integrationsRouter = router({
  list: procedure('integrations:manage').query(async ({ ctx }: Ctx) => ({ integrations: await ctx.services.marketplace.list() })),
  summary: procedure('integrations:manage').query(async ({ ctx }: Ctx) => ctx.services.marketplace.summary()),
  install: procedure('integrations:manage')
    .input(integrationIdInput)
    .mutation(async ({ ctx, input }) => ({ integration: await ctx.services.marketplace.install(input.id, commandContext(ctx)) })),
  configure: procedure('integrations:manage')
    .input(configureIntegrationInput)
    .mutation(async ({ ctx, input }) => ({ integration: await ctx.services.marketplace.configure(input, commandContext(ctx)) })),
  setActive: procedure('integrations:manage')
    .input(setIntegrationActiveInput)
    .mutation(async ({ ctx, input }) => ({ integration: await ctx.services.marketplace.setActive(input.id, input.active, commandContext(ctx)) })),
  uninstall: procedure('integrations:manage')
    .input(integrationIdInput)
    .mutation(async ({ ctx, input }) => {
      await ctx.services.marketplace.uninstall(input.id, commandContext(ctx));
      return { uninstalled: true as const };
    }),
  regenerateFeed: procedure('integrations:manage').mutation(async ({ ctx }) => ctx.services.marketplace.regenerateFeed(commandContext(ctx))),
  checkSmtp: procedure('integrations:manage').mutation(async ({ ctx }) => ctx.services.marketplace.checkSmtp()),
});
