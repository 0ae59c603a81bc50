import { msg } from '@vetrina/shared';
import type { AppContext } from '../../../lib/context.js';
import { clock } from '../../../lib/clock.js';
import { notFound } from '../../../lib/errors.js';
import { sessionsService } from '../sessions.js';
import { deviceFacts, deviceKey, describeUserAgent, networkLabel } from './describe.js';
import { newDeviceMail } from './mail.js';
import { devicesRepo } from './repo.js';

/** A device counts as known when one of the user's sessions of the last 90 days had its browser, system and network. */
export const KNOWN_DEVICE_DAYS = 90;
const DAY_MS = 24 * 3600 * 1000;

/** 'Dispositivi e sessioni': the user's live sessions, ending them, and the new-device mail. */
export function devicesService(ctx: AppContext) {
  const repo = devicesRepo(ctx.db);
  const sessions = sessionsService(ctx);

  return {
    async list(userId: string, currentSessionId: string) {
      const rows = await repo.listLive(userId);
      // This device first, then the others from the most recently used.
      rows.sort((a, b) => Number(b.id === currentSessionId) - Number(a.id === currentSessionId));
      return rows.map((r) => ({
        id: r.id,
        ...describeUserAgent(r.user_agent),
        network: networkLabel(r.ip_prefix),
        createdAt: r.created_at,
        lastUsedAt: r.last_used_at ?? r.created_at,
        current: r.id === currentSessionId,
      }));
    },

    /** Browser, system and network of sessions by id, ended ones too (for 'Registro attività'); unknown ids are left out. */
    async describe(sessionIds: string[]) {
      const out = new Map<string, { browser: string; system: string; network: string }>();
      for (let i = 0; i < sessionIds.length; i += 200) {
        for (const r of await repo.byIds(sessionIds.slice(i, i + 200)))
          out.set(r.id, { ...describeUserAgent(r.user_agent), network: networkLabel(r.ip_prefix) });
      }
      return out;
    },

    /** Ends one of the user's own sessions; anyone else's (or an ended one) is not found, and nothing changes. */
    async end(userId: string, sessionId: string) {
      if (!(await repo.isOwnLive(userId, sessionId))) throw notFound(msg.sessionNotFound);
      await sessions.revokeNow(userId, { only: sessionId });
    },

    /**
     * Call before a sign-in's session is stored: it decides whether the device is new, and returns
     * what to call once the session exists (it mails 'Nuovo accesso al tuo account' if so). The
     * first session of an account is never new: there is nothing to compare it with.
     */
    async beforeSignIn(user: { id: string; email: string }, userAgent: string | undefined, ip: string | undefined) {
      const facts = deviceFacts(userAgent, ip);
      const since = new Date(clock.nowMs() - KNOWN_DEVICE_DAYS * DAY_MS).toISOString();
      const isNew = (await repo.hasAnySession(user.id)) && !(await repo.seenSince(user.id, deviceKey(facts), since));
      return async () => {
        if (!isNew) return;
        const url = `${ctx.publicUrl()}/dashboard/profile#dispositivi`;
        await ctx.mailer.send(newDeviceMail(user.email, facts, new Date(clock.nowMs()), url)).catch((err: unknown) => {
          ctx.log.warn({ err }, 'new-device mail not sent');
        });
      };
    },
  };
}
export type DevicesService = ReturnType<typeof devicesService>;
