import { SETUP_STEPS, type SetupStep, type StoreSetup } from '@vetrina/shared/store-setup';
import type { AppContext } from '../../lib/context.js';
import { clock } from '../../lib/clock.js';
import { setupRepo } from './repo.js';

interface Member {
  storeId: string;
}

/** 'Primi passi': each step is done when the store's data says so (docs/decisions/0047-setup-guide.md). */
export function setupService(ctx: AppContext) {
  const repo = setupRepo(ctx.db);

  async function get(member: Member): Promise<StoreSetup> {
    const f = await repo.facts(member.storeId);
    const done: Record<SetupStep, boolean> = {
      product: f.hasProduct,
      payments: f.paymentsSaved,
      shipping: f.shippingSaved,
      business: f.businessFilled,
      legal: f.legalEdited,
      visit: f.visited,
    };
    const steps = SETUP_STEPS.map((step) => ({ step, done: done[step] }));
    return { steps, done: steps.filter((s) => s.done).length, total: steps.length, dismissed: f.dismissed };
  }

  return {
    get,
    async markVisited(member: Member) {
      // The first visit counts; a later one does not move the date.
      const current = await repo.facts(member.storeId);
      if (!current.visited) await repo.setFlag(member.storeId, 'visited_at', clock.iso(), clock.iso());
      return get(member);
    },
    async setDismissed(member: Member, dismissed: boolean) {
      await repo.setFlag(member.storeId, 'dismissed_at', dismissed ? clock.iso() : null, clock.iso());
      return get(member);
    },
  };
}
