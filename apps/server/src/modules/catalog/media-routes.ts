import type { FastifyInstance } from 'fastify';
import { imageUploadQuerySchema, LIMITS, sampleDataResultSchema, storeIdParams, uploadedImagesSchema } from '@vetrina/shared';
import type { AppContext } from '../../lib/context.js';
import { addRoute } from '../../lib/route.js';
import { requireMember } from '../../plugins/guard.js';
import { deleteImage, uploadImages } from './images.js';
import { imageParams } from './params.js';
import { seedSampleData } from './sample-data/seed.js';

const tags = ['catalogo'];

/** Product image uploads and the sample catalogue. */
export function registerMediaRoutes(app: FastifyInstance, ctx: AppContext) {
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
    async (req, { query }) => ({ images: await uploadImages(ctx, requireMember(req).storeId, query.target, req) }),
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
      await deleteImage(ctx, requireMember(req).storeId, params.imageId);
    },
  );

  addRoute(
    app,
    {
      method: 'POST',
      url: '/api/stores/:storeId/sample-data',
      auth: { permission: 'store:seed' },
      summary: 'Sostituisce prodotti e categorie con i dati di esempio',
      tags,
      params: storeIdParams,
      response: { 200: sampleDataResultSchema },
      // A 503 would not stop the seed, which then lands anyway: the first run renders every picture, seconds under load (0040-sample-data.md).
      timeLimitMs: 120_000,
    },
    async (req) => seedSampleData(ctx, requireMember(req).storeId),
  );
}
