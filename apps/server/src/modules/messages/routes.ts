import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  chatMessageResponseSchema,
  chatMessagesResponseSchema,
  contactListSchema,
  contactReceivedSchema,
  contactResponseSchema,
  contactSchema,
  conversationListSchema,
  messageTextSchema,
  presenceResponseSchema,
  replySchema,
  unreadCountsSchema,
} from '@vetrina/shared';
import type { AppContext } from '../../lib/context.js';
import { addRoute } from '../../lib/route.js';
import { requireMember, requireUser } from '../../plugins/guard.js';
import { messagesService, type MessagesService } from './service.js';

const id = z.string().min(1).max(64);
const slugParams = z.strictObject({ slug: z.string().min(1).max(120) });
const storeParams = z.strictObject({ storeId: id });
const contactParams = z.strictObject({ storeId: id, messageId: id });
const chatParams = z.strictObject({ storeId: id, userId: id });
const tags = ['messages'];

export function registerMessageRoutes(app: FastifyInstance, ctx: AppContext) {
  const service = messagesService(ctx);
  registerStorefrontMessageRoutes(app, service);
  registerContactRoutes(app, service);
  registerChatRoutes(app, service);
  registerPresenceRoute(app, ctx);
}

/** Storefront side: a guest's contact form and a signed-in visitor's chat with the store. */
function registerStorefrontMessageRoutes(app: FastifyInstance, service: MessagesService) {
  addRoute(
    app,
    {
      method: 'POST',
      url: '/api/public/stores/:slug/messages',
      auth: 'public',
      summary: 'Modulo di contatto di un ospite',
      tags,
      params: slugParams,
      body: contactSchema,
      response: { 201: contactReceivedSchema },
    },
    async (req, { params, body }) => {
      // contactReceivedSchema lets out the stored message's id and time only, none of the guest's details.
      return { message: await service.createContact(params.slug, body, req.ip) };
    },
  );

  addRoute(
    app,
    {
      method: 'GET',
      url: '/api/public/stores/:slug/chat',
      auth: 'user',
      summary: 'La chat del visitatore con lo store',
      tags,
      params: slugParams,
      response: { 200: chatMessagesResponseSchema },
    },
    async (req, { params }) => {
      const store = await service.storeBySlug(params.slug);
      return { messages: await service.conversation(store.id, requireUser(req).id) };
    },
  );

  addRoute(
    app,
    {
      method: 'POST',
      url: '/api/public/stores/:slug/chat',
      auth: 'user',
      summary: 'Il visitatore scrive allo store',
      tags,
      params: slugParams,
      body: messageTextSchema,
      response: { 201: chatMessageResponseSchema },
    },
    async (req, { params, body }) => {
      const store = await service.storeBySlug(params.slug);
      return { message: await service.sendChat(store.id, requireUser(req).id, 'customer', body.message) };
    },
  );
}

/** Dashboard side: contact messages, read and answered. */
function registerContactRoutes(app: FastifyInstance, service: MessagesService) {
  addRoute(
    app,
    {
      method: 'GET',
      url: '/api/stores/:storeId/messages',
      auth: { permission: 'store:read' },
      summary: 'Messaggi di contatto, dal più recente',
      tags,
      params: storeParams,
      response: { 200: contactListSchema },
    },
    async (req) => {
      return { items: await service.contacts(requireMember(req).storeId) };
    },
  );

  addRoute(
    app,
    {
      method: 'GET',
      url: '/api/stores/:storeId/messages/unread',
      auth: { permission: 'store:read' },
      summary: 'Messaggi e chat non letti',
      tags,
      params: storeParams,
      response: { 200: unreadCountsSchema },
    },
    async (req) => {
      return service.unread(requireMember(req).storeId);
    },
  );

  addRoute(
    app,
    {
      method: 'POST',
      url: '/api/stores/:storeId/messages/:messageId/read',
      auth: { permission: 'messages:write' },
      summary: 'Segna un messaggio come letto',
      tags,
      params: contactParams,
      response: { 200: contactResponseSchema },
    },
    async (req, { params }) => {
      return { message: await service.markContactRead(requireMember(req).storeId, params.messageId) };
    },
  );

  addRoute(
    app,
    {
      method: 'POST',
      url: '/api/stores/:storeId/messages/:messageId/reply',
      auth: { permission: 'messages:write' },
      summary: 'Risponde al cliente (anche via email)',
      tags,
      params: contactParams,
      body: replySchema,
      response: { 200: contactResponseSchema },
    },
    async (req, { params, body }) => {
      return { message: await service.replyToContact(requireMember(req).storeId, params.messageId, body.response) };
    },
  );
}

/** Dashboard side: live chat with the visitors. */
function registerChatRoutes(app: FastifyInstance, service: MessagesService) {
  const requireConversation = service.requireConversation;

  addRoute(
    app,
    {
      method: 'GET',
      url: '/api/stores/:storeId/chats',
      auth: { permission: 'store:read' },
      summary: 'Conversazioni in chat',
      tags,
      params: storeParams,
      response: { 200: conversationListSchema },
    },
    async (req) => {
      return { items: await service.conversations(requireMember(req).storeId) };
    },
  );

  addRoute(
    app,
    {
      method: 'GET',
      url: '/api/stores/:storeId/chats/:userId',
      auth: { permission: 'store:read' },
      summary: 'Messaggi di una conversazione',
      tags,
      params: chatParams,
      response: { 200: chatMessagesResponseSchema },
    },
    async (req, { params }) => {
      const { storeId } = requireMember(req);
      await requireConversation(storeId, params.userId);
      return { messages: await service.conversation(storeId, params.userId) };
    },
  );

  addRoute(
    app,
    {
      method: 'POST',
      url: '/api/stores/:storeId/chats/:userId/read',
      auth: { permission: 'messages:write' },
      summary: 'Segna letti i messaggi del cliente',
      tags,
      params: chatParams,
      response: { 204: null },
    },
    async (req, { params }) => {
      const { storeId } = requireMember(req);
      await requireConversation(storeId, params.userId);
      await service.markConversationRead(storeId, params.userId);
    },
  );

  addRoute(
    app,
    {
      method: 'POST',
      url: '/api/stores/:storeId/chats/:userId',
      auth: { permission: 'messages:write' },
      summary: 'Lo store risponde in chat',
      tags,
      params: chatParams,
      body: messageTextSchema,
      response: { 201: chatMessageResponseSchema },
    },
    async (req, { params, body }) => {
      const { storeId } = requireMember(req);
      await requireConversation(storeId, params.userId);
      return { message: await service.sendChat(storeId, params.userId, 'store', body.message) };
    },
  );
}

/** Dashboard side: who has the shop window open. */
function registerPresenceRoute(app: FastifyInstance, ctx: AppContext) {
  addRoute(
    app,
    {
      method: 'GET',
      url: '/api/stores/:storeId/presence',
      auth: { permission: 'store:read' },
      summary: 'Visitatori con la vetrina aperta ora',
      tags,
      params: storeParams,
      response: { 200: presenceResponseSchema },
    },
    async (req) => {
      return { online: await ctx.presence.total(requireMember(req).storeId) };
    },
  );
}
