import type { z } from 'zod';
import type { leadFormCreateInput, leadFormListInput, leadFormUpdateInput, marketingIdInput } from '@crm/contracts';
import { commandContext, type AuthedRequestContext } from '../../platform/request-context.ts';

type Args<S extends z.ZodType> = { ctx: AuthedRequestContext; input: z.output<S> };

/** `marketing.forms.*` (issue 16): the Lead Capture Forms tab. */
export const listFormsHandler = ({ ctx, input }: Args<typeof leadFormListInput>) => ctx.services.leadForms.list(input);
export const formOptionsHandler = ({ ctx }: { ctx: AuthedRequestContext }) => ctx.services.leadForms.options();
export const formDetailHandler = ({ ctx, input }: Args<typeof marketingIdInput>) => ctx.services.leadForms.detail(input.id);
export const createFormHandler = ({ ctx, input }: Args<typeof leadFormCreateInput>) => ctx.services.leadForms.create(input, commandContext(ctx));
export const updateFormHandler = ({ ctx, input }: Args<typeof leadFormUpdateInput>) => ctx.services.leadForms.update(input, commandContext(ctx));
export const deleteFormHandler = ({ ctx, input }: Args<typeof marketingIdInput>) => ctx.services.leadForms.delete(input.id, commandContext(ctx));
