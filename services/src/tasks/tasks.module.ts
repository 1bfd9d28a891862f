import { defineServiceModule } from '../app/service-module.ts';
import { tasksRouter } from './procedures/_router.ts';
import { registerTasksRoutes } from './tasks.routes.ts';
import { createTasksService, type TasksService } from './tasks.service.ts';

export interface TasksServices {
  tasks: TasksService;
}

/** Tasks (spec 02 §4; docs/CRM.md "Tasks"). */
export const tasksModule = defineServiceModule({
  name: 'tasks',
  services: ({ pool, store, now, config }): TasksServices => ({
    tasks: createTasksService({ pool, store, now, businessTimeZone: config.businessTimeZone }),
  }),
  routers: { tasks: tasksRouter },
  routes: registerTasksRoutes,
});
