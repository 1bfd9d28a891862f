import type { NamespaceStatusPageTranslation } from '../../i18n-types.ts';

/** Loaded with the pages that use it (see web/src/modules/ui/components/i18n-namespaces.component.tsx). */
const statusPage = {
  metaTitle: 'État des systèmes — Nexa CRM',
  metaDescription: 'État en direct de la plateforme Nexa CRM : API, magasin d’événements, modèles de lecture et file d’envoi des e-mails, avec 90 jours de disponibilité et les incidents passés.',
  title: 'État des systèmes',
  intro: 'La santé en direct de la plateforme Nexa CRM. Chaque service est vérifié automatiquement toutes les minutes.',
  overall: {
    operational: 'Tous les systèmes sont opérationnels',
    degraded: 'Certains systèmes sont dégradés',
    outage: 'Certains systèmes sont en panne',
    unknown: 'État encore inconnu',
  },
  states: {
    operational: 'Opérationnel',
    degraded: 'Dégradé',
    outage: 'Panne',
    unknown: 'Aucune donnée',
  },
  services: {
    api: { name: 'API', description: 'L’application web et les points d’accès du serveur.' },
    eventStore: { name: 'Magasin d’événements', description: 'Là où chaque modification est enregistrée.' },
    projections: { name: 'Modèles de lecture', description: 'Listes et tableaux de bord tenus à jour depuis le magasin d’événements.' },
    queue: { name: 'File des e-mails', description: 'E-mails de confirmation et de notification.' },
  },
  servicesTitle: 'Services',
  uptime: 'Disponibilité ({days} jours)',
  responseTime: 'Temps de réponse',
  milliseconds: '{value} ms',
  noResponse: 'Aucune réponse',
  noData: 'Pas encore de données',
  barLabel: '{service} : disponibilité quotidienne sur les {days} derniers jours',
  dayUptime: '{date} : {uptime} de disponibilité, {state}',
  dayNoData: '{date} : aucune donnée',
  daysAgo: 'il y a {days} jours',
  today: 'Aujourd’hui',
  incidentsTitle: 'Incidents passés',
  noIncidents: 'Aucun incident au cours des {days} derniers jours.',
  incidentsShown: 'Les {shown} incidents les plus récents sur {total} sont affichés.',
  incidentHeading: {
    degraded: '{service} : performances dégradées',
    outage: '{service} : panne',
  },
  incidentStates: {
    ongoing: 'En cours',
    resolved: 'Résolu',
  },
  incidentPeriod: 'Du {start} au {end}',
  incidentSince: 'Depuis le {start}',
  lastChecked: 'Dernière vérification : {time}',
  autoRefresh: 'Cette page s’actualise toutes les minutes.',
  loading: 'Vérification des services…',
  loadError: 'L’état n’a pas pu être chargé. Nouvel essai dans une minute.',
  legend: 'Légende',
} satisfies NamespaceStatusPageTranslation;

export default statusPage;
