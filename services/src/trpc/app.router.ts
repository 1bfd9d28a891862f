import type { RoutersOf } from '../app/app-services.ts';
import { serviceModules } from '../domains.ts';
import { router } from './trpc.ts';

/** The app router: every domain module's namespaces (services/src/domains.ts); a namespace defined twice is a start-up error. */
function mergeRouters(): RoutersOf<typeof serviceModules> {
  const all: Record<string, unknown> = {};
  for (const module of serviceModules) {
    for (const [name, namespace] of Object.entries(module.routers ?? {})) {
      if (name in all) throw new Error(`tRPC namespace "${name}" is defined twice (domain ${module.name})`);
      all[name] = namespace;
    }
  }
  return all as RoutersOf<typeof serviceModules>;
}

export const appRouter = router(mergeRouters());

export type AppRouter = typeof appRouter;
