import type { BaseTranslation } from '../../i18n-types.ts';

/** Loaded with the pages that use it (see web/src/modules/ui/components/i18n-namespaces.component.tsx). */
const statusPage = {
  metaTitle: 'System status — Nexa CRM',
  metaDescription: 'Live status of the Nexa CRM platform: API, event store, read models and mail queue, with 90 days of uptime and past incidents.',
  title: 'System status',
  intro: 'Live health of the Nexa CRM platform. Every service is checked automatically every minute.',
  overall: {
    operational: 'All systems operational',
    degraded: 'Some systems are degraded',
    outage: 'Some systems are down',
    unknown: 'Status not known yet',
  },
  states: {
    operational: 'Operational',
    degraded: 'Degraded',
    outage: 'Outage',
    unknown: 'No data',
  },
  services: {
    api: { name: 'API', description: 'The web application and its server endpoints.' },
    eventStore: { name: 'Event store', description: 'Where every change is recorded.' },
    projections: { name: 'Read models', description: 'Lists and dashboards kept up to date from the event store.' },
    queue: { name: 'Mail queue', description: 'Confirmation and notification e-mails.' },
  },
  servicesTitle: 'Services',
  uptime: 'Uptime ({days} days)',
  responseTime: 'Response time',
  milliseconds: '{value} ms',
  noResponse: 'No response',
  noData: 'No data yet',
  barLabel: '{service}: daily uptime over the last {days} days',
  dayUptime: '{date}: {uptime} uptime, {state}',
  dayNoData: '{date}: no data',
  daysAgo: '{days} days ago',
  today: 'Today',
  incidentsTitle: 'Past incidents',
  noIncidents: 'No incidents in the last {days} days.',
  incidentsShown: 'The {shown} most recent of {total} incidents are shown.',
  incidentHeading: {
    degraded: '{service}: degraded performance',
    outage: '{service}: outage',
  },
  incidentStates: {
    ongoing: 'Ongoing',
    resolved: 'Resolved',
  },
  incidentPeriod: 'From {start} to {end}',
  incidentSince: 'Since {start}',
  lastChecked: 'Last checked: {time}',
  autoRefresh: 'This page refreshes every minute.',
  loading: 'Checking the services…',
  loadError: 'The status could not be loaded. It will be tried again in a minute.',
  legend: 'Legend',
} satisfies BaseTranslation;

export default statusPage;
