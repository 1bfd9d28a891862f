import type { NamespaceCommandPaletteTranslation } from '../../i18n-types.ts';

/** The command palette (Ctrl/⌘+K); loaded when it first opens (web/src/modules/search; not named `search`: a namespace's name is reserved as a top-level key of every dictionary, and deals has one). */
const commandPalette = {
  title: 'Rechercher et accéder',
  inputLabel: 'Recherche',
  placeholder: 'Accédez à une rubrique ou cherchez clients, affaires, tâches et rendez-vous',
  placeholderNoBookings: 'Accédez à une rubrique ou cherchez clients, affaires et tâches',
  resultsLabel: 'Rubriques et résultats',
  groups: {
    areas: 'Rubriques',
    customers: 'Clients',
    deals: 'Affaires',
    tasks: 'Tâches',
    bookings: 'Rendez-vous',
  },
  searching: 'Recherche…',
  noResults: 'Aucun résultat pour « {term} ».',
  failed: 'La recherche a échoué. Continuez à saisir pour réessayer.',
  hint: 'Saisissez au moins une lettre pour chercher dans les fiches.',
  keys: {
    move: 'naviguer',
    open: 'ouvrir',
    close: 'fermer',
  },
  goTo: 'Aller à {area}',
  noCompany: 'Sans entreprise',
  noEmail: 'Sans e-mail',
  noDueDate: 'Sans échéance',
  due: 'Échéance {date}',
  stages: {
    prospecting: 'Prospection',
    qualification: 'Qualification',
    proposal: 'Proposition',
    negotiation: 'Négociation',
    closed_won: 'Gagnée',
    closed_lost: 'Perdue',
  },
  taskStatuses: {
    pending: 'En attente',
    in_progress: 'En cours',
    completed: 'Terminée',
    cancelled: 'Annulée',
  },
  bookingStatuses: {
    pending: 'En attente',
    confirmed: 'Confirmé',
    completed: 'Terminé',
    cancelled: 'Annulé',
  },
} satisfies NamespaceCommandPaletteTranslation;

export default commandPalette;
