/** The marketing domain's read models and queries (issue 16): campaigns, lead forms (and, by M2/M3, submissions, views, analytics). */
export * from './campaigns.projection.ts';
export * from './campaigns.queries.ts';
export * from './lead-forms.projection.ts';
export * from './lead-forms.queries.ts';
export * from './submissions.projection.ts';
export * from './form-views.projection.ts';
export * from './submissions.queries.ts';
export * from './analytics-sources.projection.ts';
export * from './analytics.queries.ts';

import type { ProjectionDefinition } from '../runner/projection.ts';
import { campaignsProjection } from './campaigns.projection.ts';
import { leadFormsProjection } from './lead-forms.projection.ts';
import { submissionsProjection } from './submissions.projection.ts';
import { formViewsProjection } from './form-views.projection.ts';
import { analyticsSourcesProjection } from './analytics-sources.projection.ts';

/** The projections the projector role runs for this domain. */
export const marketingProjections: readonly ProjectionDefinition[] = [campaignsProjection, leadFormsProjection, submissionsProjection, formViewsProjection, analyticsSourcesProjection];
