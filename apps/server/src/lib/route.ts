import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { z, ZodType } from 'zod';
import type { Permission } from '@vetrina/shared';

/** Who may call a route. Every /api route must declare one: there is no default. */
export type AuthRequirement = 'public' | 'user' | { permission: Permission };

type Out<T> = T extends ZodType ? z.output<T> : undefined;

export interface RouteDef<B, Q, P> {
  method: HTTPMethods;
  url: string;
  auth: AuthRequirement;
  summary: string;
  tags?: string[];
  body?: B;
  query?: Q;
  params?: P;
  bodyLimit?: number;
}

export interface RouteInput<B, Q, P> {
  body: Out<B>;
  query: Out<Q>;
  params: Out<P>;
}

/** Registers a route whose inputs are validated by shared zod schemas before the handler runs. */
export function addRoute<B extends ZodType | undefined = undefined, Q extends ZodType | undefined = undefined, P extends ZodType | undefined = undefined>(
  app: FastifyInstance,
  def: RouteDef<B, Q, P>,
  handler: (req: FastifyRequest, input: RouteInput<B, Q, P>, reply: FastifyReply) => Promise<unknown>,
): void {
  app.route({
    method: def.method,
    url: def.url,
    bodyLimit: def.bodyLimit,
    config: { auth: def.auth },
    schema: {
      summary: def.summary,
      tags: def.tags,
      ...(def.body ? { body: def.body } : {}),
      ...(def.query ? { querystring: def.query } : {}),
      ...(def.params ? { params: def.params } : {}),
    },
    handler: (req, reply) =>
      handler(req, { body: req.body, query: req.query, params: req.params } as RouteInput<B, Q, P>, reply),
  });
}
