import { availableParallelism } from 'node:os';
import { rateLimited } from '../../lib/errors.js';

export const imageQueueMessages = {
  storeBusy: 'Troppe immagini in elaborazione per questo store: riprova tra qualche secondo.',
  serverBusy: 'Il server sta elaborando troppe immagini: riprova tra qualche secondo.',
} as const;

/** What a refused caller is told to wait before retrying (Retry-After). */
const RETRY_AFTER_MS = 5_000;

export interface ImageQueueLimits {
  /** Jobs running at once, all stores together. */
  concurrency: number;
  /** Jobs one store may have waiting behind its running one; the next is refused with 429. */
  maxWaitingPerStore: number;
  /** Jobs waiting, all stores together; the next is refused with 429. */
  maxWaitingTotal: number;
}

interface Waiting {
  storeId: string;
  start: () => void;
}

/**
 * A FIFO queue for CPU-heavy image work (decode, resize, encode). A store runs at most one job
 * at a time, so one merchant's uploads queue behind each other instead of taking every core; at
 * most `concurrency` jobs run across stores. Waiting is bounded per store and overall, so a
 * flood of uploads is answered 429 instead of piling up buffers in memory.
 */
export class ImageWorkQueue {
  private running = 0;
  private readonly busyStores = new Set<string>();
  private readonly waiting: Waiting[] = [];
  private readonly waitingByStore = new Map<string, number>();

  constructor(private readonly limits: ImageQueueLimits) {}

  /** Runs `job` for the store when a slot is free; rejects with 429 when the store's queue is full. */
  run<T>(storeId: string, job: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        this.running++;
        this.busyStores.add(storeId);
        this.execute(storeId, job).then(resolve, reject);
      };
      if (this.canStart(storeId)) return start();
      const queued = this.waitingByStore.get(storeId) ?? 0;
      if (queued >= this.limits.maxWaitingPerStore) return reject(rateLimited(imageQueueMessages.storeBusy, RETRY_AFTER_MS));
      if (this.waiting.length >= this.limits.maxWaitingTotal) return reject(rateLimited(imageQueueMessages.serverBusy, RETRY_AFTER_MS));
      this.waitingByStore.set(storeId, queued + 1);
      this.waiting.push({ storeId, start });
    });
  }

  /** Jobs running and waiting now (for logs and tests). */
  stats() {
    return { running: this.running, waiting: this.waiting.length };
  }

  private canStart(storeId: string) {
    return this.running < this.limits.concurrency && !this.busyStores.has(storeId);
  }

  private async execute<T>(storeId: string, job: () => Promise<T>): Promise<T> {
    try {
      return await job();
    } finally {
      // Released before the caller sees the result, so a failed job frees its slot just the same.
      this.running--;
      this.busyStores.delete(storeId);
      this.startNext();
    }
  }

  /** Starts the oldest waiting jobs whose store is idle, while slots are free (FIFO among those). */
  private startNext() {
    for (let i = 0; i < this.waiting.length && this.running < this.limits.concurrency;) {
      const next = this.waiting[i]!;
      if (this.busyStores.has(next.storeId)) {
        i++;
        continue;
      }
      this.waiting.splice(i, 1);
      const left = (this.waitingByStore.get(next.storeId) ?? 1) - 1;
      if (left > 0) this.waitingByStore.set(next.storeId, left);
      else this.waitingByStore.delete(next.storeId);
      next.start();
    }
  }
}

/**
 * At most cpus − 1 images at once, and never more than 3: with one libvips thread per image
 * (images.ts) one core stays free for the event loop that answers storefront requests, and one of
 * libuv's 4 default pool threads stays free for file I/O and password hashing (scrypt), which
 * share that pool with sharp.
 */
export const IMAGE_JOBS_AT_ONCE = Math.max(1, Math.min(availableParallelism() - 1, 3));

/** The process-wide queue every upload (product and variant images, logos) goes through. */
export const imageQueue = new ImageWorkQueue({ concurrency: IMAGE_JOBS_AT_ONCE, maxWaitingPerStore: 4, maxWaitingTotal: 64 });
