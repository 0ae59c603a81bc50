import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../lib/context.js';
import { registerCategoryRoutes } from './categories/routes.js';
import { registerImageRoutes } from './images/routes.js';
import { registerSampleDataRoutes } from './sample-data/routes.js';
import { registerProductRoutes } from './products/routes.js';
import { registerVariantRoutes } from './variants/routes.js';
import { registerSkuRoutes } from './skus/routes.js';
import { registerInventoryRoutes } from '../inventory/routes.js';

/** Catalogue (issue 4): products, variants, inventory, categories, SKUs, images, sample data. */
export function registerCatalogRoutes(app: FastifyInstance, ctx: AppContext) {
  registerProductRoutes(app, ctx);
  registerVariantRoutes(app, ctx);
  registerCategoryRoutes(app, ctx);
  registerSkuRoutes(app, ctx);
  registerInventoryRoutes(app, ctx);
  registerImageRoutes(app, ctx);
  registerSampleDataRoutes(app, ctx);
}
