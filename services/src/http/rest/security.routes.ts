import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../trpc/context.ts';

export function registerSecurityRoutes(_app: FastifyInstance, _services: AppServices) {}
