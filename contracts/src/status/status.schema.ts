import { z } from 'zod';

/** The public status page (spec 01 §2 "Status", §4 states, §9 90 days). */
export const STATUS_WINDOW_DAYS = 90;
/** The incident list shows at most this many (the newest). */
export const STATUS_MAX_INCIDENTS = 50;

/** The four services the status page reports, in display order. */
export const STATUS_SERVICES = ['api', 'eventStore', 'projections', 'queue'] as const;
export type StatusServiceId = (typeof STATUS_SERVICES)[number];

/** A recorded or current state; `unknown` means no check result (no data). */
export const SERVICE_STATES = ['operational', 'degraded', 'outage', 'unknown'] as const;
export type ServiceState = (typeof SERVICE_STATES)[number];

/** An incident is `ongoing` while its service's latest sample is not operational, `resolved` after. */
export const INCIDENT_STATES = ['ongoing', 'resolved'] as const;
export type IncidentState = (typeof INCIDENT_STATES)[number];

const serviceState = z.enum(SERVICE_STATES);

export const statusDaySchema = z.object({
  /** UTC calendar day, YYYY-MM-DD. */
  date: z.string(),
  /** Percentage of samples that day in which the service was available (operational or degraded); null: no data. */
  uptime: z.number().nullable(),
  /** Worst state recorded that day; `unknown` when there is no sample. */
  state: serviceState,
  samples: z.number().int(),
});
export type StatusDay = z.infer<typeof statusDaySchema>;

export const statusServiceSchema = z.object({
  id: z.enum(STATUS_SERVICES),
  /** From a fresh check (cached a few seconds). */
  state: serviceState,
  /** How long the fresh check took, in ms; null when it did not answer. */
  responseMs: z.number().nullable(),
  /** Uptime over the window in percent; null when nothing was recorded. */
  uptime: z.number().nullable(),
  /** One entry per day of the window, oldest first. */
  days: z.array(statusDaySchema),
});
export type StatusServiceView = z.infer<typeof statusServiceSchema>;

export const statusIncidentSchema = z.object({
  service: z.enum(STATUS_SERVICES),
  state: z.enum(INCIDENT_STATES),
  /** Worst state seen during the incident (degraded or outage). */
  worstState: z.enum(['degraded', 'outage']),
  startedAt: z.string(),
  /** When the service was next seen operational; null while ongoing. */
  endedAt: z.string().nullable(),
});
export type StatusIncident = z.infer<typeof statusIncidentSchema>;

export const statusOverviewSchema = z.object({
  /** When the current states were checked (ISO). */
  checkedAt: z.string(),
  overall: serviceState,
  windowDays: z.number().int(),
  /** How often the recorder samples, in seconds. */
  intervalSeconds: z.number().int(),
  services: z.array(statusServiceSchema),
  /** The window's incidents, newest first, at most STATUS_MAX_INCIDENTS of them. */
  incidents: z.array(statusIncidentSchema),
  /** How many incidents the window holds (more than listed when a service flapped a lot). */
  incidentsTotal: z.number().int(),
});
export type StatusOverview = z.infer<typeof statusOverviewSchema>;
