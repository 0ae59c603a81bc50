import { z } from 'zod';

/** 'Dispositivi e sessioni': one signed-in session of the user, as the profile page shows it. */
export const deviceSessionSchema = z.object({
  id: z.string(),
  /** From the user agent: 'Chrome', 'Safari', … or 'Browser sconosciuto'. */
  browser: z.string(),
  /** 'macOS', 'iOS', 'Windows', … or 'Sistema sconosciuto'. */
  system: z.string(),
  /** The sign-in network, never the full address: 'Rete 203.0.113.x'. */
  network: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  /** The session asking ('Questo dispositivo'). */
  current: z.boolean(),
});
export type DeviceSession = z.infer<typeof deviceSessionSchema>;

export const deviceSessionsResponseSchema = z.object({ sessions: z.array(deviceSessionSchema) });

export const deviceSessionParams = z.strictObject({ sessionId: z.string().min(1).max(100) });
