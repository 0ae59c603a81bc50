import type { FastifyInstance } from 'fastify';
import { themeListSchema } from '@vetrina/shared';
import type { AppContext } from '../../lib/context.js';
import { addRoute } from '../../lib/route.js';
import { themesService } from './service.js';

export function registerThemeRoutes(app: FastifyInstance, ctx: AppContext) {
  const themes = themesService(ctx);
  // The theme catalogue is not tenant data: anyone may read it (the storefront shows its theme too).
  addRoute(
    app,
    { method: 'GET', url: '/api/themes', auth: 'public', summary: 'Temi attivi, dal più vecchio', tags: ['stores'], response: { 200: themeListSchema } },
    async () => themes.listActive(),
  );
}
