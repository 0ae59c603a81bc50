import type { FastifyInstance } from 'fastify';
import {
  createStoreSchema,
  storeIdParams,
  storeSecuritySchema,
  storeSummaryListSchema,
  storeSummarySchema,
  teamMembersResponseSchema,
  teamStoreParams,
  transferOwnershipSchema,
  updateStoreSchema,
} from '@vetrina/shared';
import type { AppContext } from '../../lib/context.js';
import { addRoute } from '../../lib/route.js';
import { requireMember, requireUser } from '../../plugins/guard.js';
import { clock } from '../../lib/clock.js';
import { userProfiles } from '../users/service.js';
import { createStore, deleteStore, getStore, storesOf, transferOwnership, updateStore } from './service.js';
import { removeLogo, replaceLogo } from './logo.js';
import { setTeamTwoStep } from './security.js';

const tags = ['stores'];

export function registerStoreRoutes(app: FastifyInstance, ctx: AppContext) {
  addRoute(
    app,
    {
      method: 'POST',
      url: '/api/stores',
      auth: 'user',
      summary: 'Crea uno store (diventa lo store attivo)',
      tags,
      body: createStoreSchema,
      response: { 201: storeSummarySchema },
    },
    async (req, { body }) => {
      const user = requireUser(req);
      // Accounts from before profiles existed get theirs now, in the same transaction as the store.
      return createStore(ctx, user.id, body, (trx) => userProfiles.ensure(trx, user, clock.iso()).then(() => undefined));
    },
  );

  addRoute(
    app,
    {
      method: 'GET',
      url: '/api/stores',
      auth: 'user',
      summary: 'Gli store di cui sei membro, dal più recente',
      tags,
      response: { 200: storeSummaryListSchema },
    },
    async (req) => storesOf(ctx, requireUser(req).id),
  );

  addRoute(
    app,
    {
      method: 'GET',
      url: '/api/stores/:storeId',
      auth: { permission: 'store:read' },
      summary: 'Dettaglio di uno store',
      tags,
      params: storeIdParams,
      response: { 200: storeSummarySchema },
    },
    async (req) => getStore(ctx, requireMember(req)),
  );

  addRoute(
    app,
    {
      method: 'PATCH',
      url: '/api/stores/:storeId',
      auth: { permission: 'store:settings' },
      summary: 'Modifica nome, colori o tema',
      tags,
      params: storeIdParams,
      body: updateStoreSchema,
      response: { 200: storeSummarySchema },
    },
    async (req, { body }) => updateStore(ctx, requireMember(req), body),
  );

  addRoute(
    app,
    {
      method: 'DELETE',
      url: '/api/stores/:storeId',
      auth: { permission: 'store:delete', fresh: true },
      summary: 'Elimina lo store e tutti i suoi dati',
      tags,
      params: storeIdParams,
      response: { 204: null },
    },
    async (req) => {
      await deleteStore(ctx, requireMember(req));
    },
  );

  addRoute(
    app,
    {
      method: 'PUT',
      url: '/api/stores/:storeId/logo',
      auth: { permission: 'store:settings' },
      summary: 'Carica o sostituisce il logo (multipart, un file png/jpeg/webp ≤ 2 MB)',
      tags,
      params: storeIdParams,
      response: { 200: storeSummarySchema },
    },
    async (req) => replaceLogo(ctx, requireMember(req), req),
  );

  addRoute(
    app,
    {
      method: 'DELETE',
      url: '/api/stores/:storeId/logo',
      auth: { permission: 'store:settings' },
      summary: 'Rimuove il logo',
      tags,
      params: storeIdParams,
      response: { 200: storeSummarySchema },
    },
    async (req) => removeLogo(ctx, requireMember(req)),
  );

  addRoute(
    app,
    {
      method: 'PUT',
      url: '/api/stores/:storeId/security',
      auth: { permission: 'security:manage' },
      summary: 'Richiede (o non più) la verifica in due passaggi al team; per attivarla serve la propria',
      tags,
      params: storeIdParams,
      body: storeSecuritySchema,
      response: { 200: storeSummarySchema },
    },
    async (req, { body }) => {
      const member = requireMember(req);
      return setTeamTwoStep(ctx, { storeId: member.storeId, user: member.user }, body);
    },
  );

  addRoute(
    app,
    {
      method: 'POST',
      url: '/api/stores/:storeId/team/ownership',
      auth: { permission: 'team:owner', fresh: true },
      summary: 'Trasferisce la proprietà a un altro amministratore (conferma con la password del proprietario)',
      tags: ['team'],
      params: teamStoreParams,
      body: transferOwnershipSchema,
      response: { 200: teamMembersResponseSchema },
    },
    async (req, { body }) => ({ members: await transferOwnership(ctx, requireMember(req), body.memberId, body.password) }),
  );
}
