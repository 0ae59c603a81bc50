import type { FastifyInstance } from 'fastify';
import { deviceSessionParams, deviceSessionsResponseSchema } from '@vetrina/shared';
import type { AppContext } from '../../../lib/context.js';
import { addRoute } from '../../../lib/route.js';
import { requireUser } from '../../../plugins/guard.js';
import { devicesService } from './service.js';

const tags = ['auth'];

/**
 * 'Dispositivi e sessioni': the signed-in user's live sessions and ending one of them. Ending all
 * the others is POST /api/auth/logout with scope 'others'.
 */
export function registerDeviceRoutes(app: FastifyInstance, ctx: AppContext) {
  const devices = devicesService(ctx);

  addRoute(
    app,
    {
      method: 'GET',
      url: '/api/auth/sessions',
      auth: 'user',
      summary: 'Dispositivi e sessioni attive',
      tags,
      response: { 200: deviceSessionsResponseSchema },
    },
    async (req) => {
      const user = requireUser(req);
      return { sessions: await devices.list(user.id, user.sessionId) };
    },
  );

  addRoute(
    app,
    {
      method: 'DELETE',
      url: '/api/auth/sessions/:sessionId',
      auth: 'user',
      summary: 'Esci da un dispositivo (una sessione propria; altrimenti 404)',
      tags,
      params: deviceSessionParams,
      response: { 204: null },
    },
    async (req, { params }) => {
      await devices.end(requireUser(req).id, params.sessionId);
    },
  );
}
