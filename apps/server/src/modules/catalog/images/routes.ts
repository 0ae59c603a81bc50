import type { FastifyInstance } from 'fastify';
import { imageUploadQuerySchema, LIMITS, storeIdParams, uploadedImagesSchema } from '@vetrina/shared';
import type { AppContext } from '../../../lib/context.js';
import { addRoute } from '../../../lib/route.js';
import { requireMember } from '../../../plugins/guard.js';
import { imageParams } from '../params.js';
import { imagesService } from './service.js';

const tags = ['catalogo'];

/** Product image uploads (staged until a product or variant save attaches them) and deletes. */
export function registerImageRoutes(app: FastifyInstance, ctx: AppContext) {
  const images = imagesService(ctx);

  addRoute(
    app,
    {
      method: 'POST',
      url: '/api/stores/:storeId/product-images',
      auth: { permission: 'catalog:write' },
      summary: `Carica immagini prodotto (multipart, fino a ${LIMITS.productImagesMax} file png/jpeg/webp ≤ 5 MB): da associare salvando il prodotto o la variante`,
      tags,
      params: storeIdParams,
      query: imageUploadQuerySchema,
      response: { 201: uploadedImagesSchema },
    },
    async (req, { query }) => ({ images: await images.upload(requireMember(req), query.target, req) }),
  );

  addRoute(
    app,
    {
      method: 'DELETE',
      url: '/api/stores/:storeId/product-images/:imageId',
      auth: { permission: 'catalog:write' },
      summary: "Elimina un'immagine e i suoi file",
      tags,
      params: imageParams,
      response: { 204: null },
    },
    async (req, { params }) => {
      await images.remove(requireMember(req), params.imageId);
    },
  );
}
