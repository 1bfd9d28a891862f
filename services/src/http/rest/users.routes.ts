import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../trpc/context.ts';

export function registerUserRoutes(_app: FastifyInstance, _services: AppServices) {}
