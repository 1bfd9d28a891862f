import type { z } from 'zod';
import type { submissionListInput } from '@crm/contracts';
import type { AuthedRequestContext } from '../../platform/request-context.ts';

type Args<S extends z.ZodType> = { ctx: AuthedRequestContext; input: z.output<S> };

/** `marketing.submissions.list` (issue 16): the Form Submissions tab (marketing:read). */
export const listSubmissionsHandler = ({ ctx, input }: Args<typeof submissionListInput>) => ctx.services.submissions.list(input);
