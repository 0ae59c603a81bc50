import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  markNotificationsReadResponseSchema,
  markNotificationsReadSchema,
  notificationListSchema,
  notificationPreferencesResponseSchema,
  notificationPreferencesSchema,
} from '@vetrina/shared/notifications';
import type { AppContext } from '../../lib/context.js';
import { addRoute } from '../../lib/route.js';
import { requireMember, requireUser } from '../../plugins/guard.js';
import { notificationsService } from './service.js';

const storeParams = z.strictObject({ storeId: z.string().min(1).max(64) });

/** The dashboard's bell (per member, per store) and the member's notice-mail preferences. */
export function registerNotificationRoutes(app: FastifyInstance, ctx: AppContext) {
  const service = notificationsService(ctx);
  const tags = ['notifications'];

  addRoute(
    app,
    {
      method: 'GET',
      url: '/api/stores/:storeId/notifications',
      auth: { permission: 'store:read' },
      summary: 'Le tue notifiche più recenti nello store e quante sono da leggere',
      tags,
      params: storeParams,
      response: { 200: notificationListSchema },
    },
    async (req) => {
      const m = requireMember(req);
      return service.list(m.storeId, m.user.id);
    },
  );

  addRoute(
    app,
    {
      method: 'POST',
      url: '/api/stores/:storeId/notifications/read',
      auth: { permission: 'store:read' },
      summary: 'Segna come lette le tue notifiche (tutte, o quelle indicate)',
      tags,
      params: storeParams,
      body: markNotificationsReadSchema,
      response: { 200: markNotificationsReadResponseSchema },
    },
    async (req, { body }) => {
      const m = requireMember(req);
      return service.markRead(m.storeId, m.user.id, body);
    },
  );

  addRoute(
    app,
    {
      method: 'GET',
      url: '/api/me/notification-preferences',
      auth: 'user',
      summary: 'Le email di avviso che ricevi (nuovi ordini, nuovi messaggi)',
      tags: ['account'],
      response: { 200: notificationPreferencesResponseSchema },
    },
    async (req) => ({ preferences: await service.preferences(requireUser(req).id) }),
  );

  addRoute(
    app,
    {
      method: 'PUT',
      url: '/api/me/notification-preferences',
      auth: 'user',
      summary: 'Attiva o disattiva le email di avviso',
      tags: ['account'],
      body: notificationPreferencesSchema,
      response: { 200: notificationPreferencesResponseSchema },
    },
    async (req, { body }) => ({ preferences: await service.savePreferences(requireUser(req).id, body) }),
  );
}
