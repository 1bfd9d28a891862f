import { defineServiceModule } from '../app/service-module.ts';
import { searchRouter } from './procedures/_router.ts';
import { registerSearchRoutes } from './search.routes.ts';
import { createSearchService, type SearchService } from './search.service.ts';

export interface SearchServices {
  search: SearchService;
}

/** The command palette's search across customers, deals, tasks and bookings (issue 12 §3). */
export const searchModule = defineServiceModule({
  name: 'search',
  services: ({ pool }): SearchServices => ({ search: createSearchService({ pool }) }),
  routers: { search: searchRouter },
  routes: registerSearchRoutes,
});
