/**
 * A domain's server side in one value (docs/ADDING-A-DOMAIN.md): the services it adds to `AppServices`, its
 * tRPC routers (namespaces of the app router) and its REST routes. `services/src/domains.ts` lists every
 * module; the app router, `AppServices`, the REST registration and start/stop are derived from that list.
 */
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { EventStore, SendEmailJob } from '@crm/contracts';
import type { SecretBox } from '@crm/projections';
import type { AppQueue } from '@crm/workers';
import type { Config } from '../config/config.ts';
import type { AppServices } from './app-services.ts';

/** What the platform hands every module's service factory (api role). */
export interface ServiceDeps {
  pool: pg.Pool;
  store: EventStore;
  log: Logger;
  config: Config;
  now: () => Date;
  /** The mail queue, for mails the api sends itself (they carry what no event may hold, e.g. a reset link's token). */
  mailQueue: AppQueue<SendEmailJob>;
  /** PUBLIC_URL, else the server's own address: the base of absolute links in mails, never the Host header. */
  publicUrl: () => string;
  /** The api's own base URL once it listens (null before). */
  apiUrl: () => string | null;
  /** Seals and opens the secrets kept in PostgreSQL (platform/secrets-key.ts). */
  secrets: SecretBox;
}

/** The platform's part of `AppServices`: its clock and links. */
export interface PlatformServices {
  /** `publicUrl()`: PUBLIC_URL, else the server's own address; the base of absolute links (mails, sitemap), never the Host header. */
  config: { businessTimeZone: string; publicUrl: () => string };
  now: () => Date;
}

export interface ServiceModule<Name extends string = string, S extends object = object, R extends object = object> {
  name: Name;
  /**
   * Builds this domain's services. `app` holds the services of the modules listed before this one (a
   * service used before its module is built is a start-up error naming both).
   */
  services?: (deps: ServiceDeps, app: AppServices) => S;
  /** tRPC namespaces this domain adds to the app router (`customers`, `auth`, …). */
  routers?: R;
  /** Its REST routes under /api (each declares its access: http/rest-route.ts). */
  routes?: (http: FastifyInstance, services: AppServices) => void;
  /** Background work of the api role (sweeps, drains); returns how to stop it. */
  start?: (services: AppServices, deps: ServiceDeps) => () => Promise<void>;
}

/** Keeps a module's literal types (its routers' procedures reach the web app's `AppRouter`). */
export function defineServiceModule<const Name extends string, S extends object = object, R extends object = object>(module: ServiceModule<Name, S, R>) {
  return module;
}
