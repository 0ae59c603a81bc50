import type { FastifyInstance } from 'fastify';
import {
  acceptInvitationSchema,
  changeMemberRoleSchema,
  inviteMemberSchema,
  receivedInvitationParams,
  teamEmptyBody,
  teamInvitationParams,
  teamMemberParams,
  teamStoreParams,
  acceptedInvitationSchema,
  receivedInvitationsResponseSchema,
  teamInvitationResponseSchema,
  teamInvitationsResponseSchema,
  teamMemberResponseSchema,
  teamMembersResponseSchema,
} from '@vetrina/shared';
import type { AppContext } from '../../lib/context.js';
import { guardGuess } from '../../lib/guess-limit.js';
import { addRoute } from '../../lib/route.js';
import { requireMember, requireUser } from '../../plugins/guard.js';
import { acceptanceService, invitationsService, membersService } from './service.js';

const tags = ['team'];

/**
 * Store-scoped team routes: everyone on the team reads, admins manage ('team:manage'). Handing the
 * store to another admin writes the store row: its route is the stores module's.
 */
function registerStoreTeamRoutes(app: FastifyInstance, ctx: AppContext) {
  const members = membersService(ctx);
  const invitations = invitationsService(ctx);
  const base = '/api/stores/:storeId/team';

  addRoute(
    app,
    {
      method: 'GET',
      url: `${base}/members`,
      auth: { permission: 'team:read' },
      summary: 'Membri dello store',
      tags,
      params: teamStoreParams,
      response: { 200: teamMembersResponseSchema },
    },
    async (req) => ({
      members: await members.list(requireMember(req)),
    }),
  );

  addRoute(
    app,
    {
      method: 'DELETE',
      url: `${base}/members/:memberId`,
      auth: { permission: 'team:manage', fresh: true },
      summary: 'Rimuove un membro (gli amministratori solo il proprietario; mai il proprietario, mai se stessi)',
      tags,
      params: teamMemberParams,
      body: teamEmptyBody,
      response: { 204: null },
    },
    async (req, { params }) => {
      await members.remove(requireMember(req), params.memberId);
    },
  );

  addRoute(
    app,
    {
      method: 'PATCH',
      url: `${base}/members/:memberId`,
      auth: { permission: 'team:owner', fresh: true },
      summary: 'Cambia il ruolo di un membro (solo il proprietario)',
      tags,
      params: teamMemberParams,
      body: changeMemberRoleSchema,
      response: { 200: teamMemberResponseSchema },
    },
    async (req, { params, body }) => ({ member: await members.changeRole(requireMember(req), params.memberId, body.role) }),
  );

  addRoute(
    app,
    {
      method: 'GET',
      url: `${base}/invitations`,
      auth: { permission: 'team:read' },
      summary: 'Inviti in sospeso dello store',
      tags,
      params: teamStoreParams,
      response: { 200: teamInvitationsResponseSchema },
    },
    async (req) => ({
      invitations: await invitations.list(requireMember(req)),
    }),
  );

  addRoute(
    app,
    {
      method: 'POST',
      url: `${base}/invitations`,
      auth: { permission: 'team:manage' },
      summary: 'Invita un membro via email',
      tags,
      params: teamStoreParams,
      body: inviteMemberSchema,
      response: { 201: teamInvitationResponseSchema },
    },
    async (req, { body }) => ({ invitation: await invitations.invite(requireMember(req), body) }),
  );

  addRoute(
    app,
    {
      method: 'DELETE',
      url: `${base}/invitations/:invitationId`,
      auth: { permission: 'team:manage' },
      summary: 'Annulla un invito in sospeso',
      tags,
      params: teamInvitationParams,
      body: teamEmptyBody,
      response: { 204: null },
    },
    async (req, { params }) => {
      await invitations.cancel(requireMember(req), params.invitationId);
    },
  );
}

/** The signed-in person's own invitations ('Inviti Ricevuti' and the mailed link). */
function registerReceivedInvitationRoutes(app: FastifyInstance, ctx: AppContext) {
  const acceptance = acceptanceService(ctx);

  addRoute(
    app,
    { method: 'GET', url: '/api/invitations', auth: 'user', summary: 'Inviti ricevuti in sospeso', tags, response: { 200: receivedInvitationsResponseSchema } },
    async (req) => ({
      invitations: await acceptance.received(requireUser(req).id),
    }),
  );

  addRoute(
    app,
    {
      method: 'POST',
      url: '/api/invitations/accept',
      auth: 'user',
      summary: "Accetta l'invito del link ricevuto via email",
      tags,
      body: acceptInvitationSchema,
      response: { 200: acceptedInvitationSchema },
    },
    async (req, { body }) =>
      guardGuess(ctx, { scope: 'account-link', ip: req.ip }, () => acceptance.acceptByToken(requireUser(req).id, body.token, requireUser(req).sessionId)),
  );

  addRoute(
    app,
    {
      method: 'POST',
      url: '/api/invitations/:invitationId/accept',
      auth: 'user',
      summary: 'Accetta un invito ricevuto',
      tags,
      params: receivedInvitationParams,
      body: teamEmptyBody,
      response: { 200: acceptedInvitationSchema },
    },
    async (req, { params }) => acceptance.acceptById(requireUser(req).id, params.invitationId, req.ip, requireUser(req).sessionId),
  );

  addRoute(
    app,
    {
      method: 'POST',
      url: '/api/invitations/:invitationId/decline',
      auth: 'user',
      summary: 'Rifiuta un invito ricevuto',
      tags,
      params: receivedInvitationParams,
      body: teamEmptyBody,
      response: { 204: null },
    },
    async (req, { params }) => {
      await acceptance.decline(requireUser(req).id, params.invitationId);
    },
  );
}

export function registerTeamRoutes(app: FastifyInstance, ctx: AppContext) {
  registerStoreTeamRoutes(app, ctx);
  registerReceivedInvitationRoutes(app, ctx);
}
