import { httpLink, httpSubscriptionLink, splitLink } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import type { AppRouter } from '@crm/services/router';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';

/** Typed React hooks for the server's tRPC router (type-only import: no server code reaches the bundle). */
export const trpc = createTRPCReact<AppRouter>();

/** Header the server requires on every tRPC call (CSRF defence: a non-simple header forces a CORS preflight). */
export const CSRF_HEADER = { 'x-crm-csrf': '1' } as const;

export function createTrpcClient() {
  return trpc.createClient({
    links: [
      splitLink({
        // Subscriptions (e.g. audit.live) are server-sent events: a GET the same-origin EventSource sends with the
        // session cookie; a dropped connection reconnects with the last tracked id (lastEventId) and resumes.
        condition: (op) => op.type === 'subscription',
        true: httpSubscriptionLink({ url: '/trpc' }),
        false: httpLink({
          url: '/trpc',
          headers: () => CSRF_HEADER,
          // Same origin; the session lives in an HttpOnly cookie set by the server.
          fetch: (url, options) => fetch(url, { ...(options as RequestInit), credentials: 'include' }),
        }),
      }),
    ],
  });
}

export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;
/** The logged-in person as `auth.me` returns it. */
export type SessionUser = NonNullable<RouterOutputs['auth']['me']>;
/** A booking as the admin list returns it. */
export type BookingRow = RouterOutputs['bookings']['list']['bookings'][number];
