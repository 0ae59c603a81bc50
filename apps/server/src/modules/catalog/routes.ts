import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../lib/context.js';
import { registerCategoryRoutes } from './categories/routes.js';
import { registerImageRoutes } from './images/routes.js';
import { registerSampleDataRoutes } from './sample-data/routes.js';
import { registerProductBulkRoutes } from './product-bulk-routes.js';
import { registerProductRoutes } from './product-routes.js';
import { registerStockRoutes } from './stock-routes.js';
import { registerVariantRoutes } from './variant-routes.js';

/** Catalogue (issue 4): products, variants, inventory, categories, SKUs, images, sample data. */
export function registerCatalogRoutes(app: FastifyInstance, ctx: AppContext) {
  registerProductRoutes(app, ctx);
  registerProductBulkRoutes(app, ctx);
  registerVariantRoutes(app, ctx);
  registerCategoryRoutes(app, ctx);
  registerStockRoutes(app, ctx);
  registerImageRoutes(app, ctx);
  registerSampleDataRoutes(app, ctx);
}
