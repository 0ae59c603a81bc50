import { describe, expect, it } from 'vitest';
import { coalescedPublisher } from './bus.js';

/** A stand-in for ioredis' pipeline: records each batch it is asked to send, answers as told. */
function recordingRedis(answer: (channel: string) => Error | null = () => null) {
  const batches: Array<Array<[string, string]>> = [];
  return {
    batches,
    pipeline() {
      const batch: Array<[string, string]> = [];
      const pipeline = {
        publish(channel: string, message: string) {
          batch.push([channel, message]);
          return pipeline;
        },
        async exec(): Promise<Array<[Error | null, unknown]>> {
          batches.push(batch);
          return batch.map(([channel]) => [answer(channel), 1]);
        },
      };
      return pipeline;
    },
  };
}

describe('events published to Redis', () => {
  it('leave together once per turn, each repeated event once, in the place of its last publication', async () => {
    const redis = recordingRedis();
    const publish = coalescedPublisher(redis as never);
    const sent = [
      publish('cache', 'stock:a'),
      publish('store:1', 'orders'),
      publish('cache', 'stock:a'),
      publish('store:1', 'online:2'),
      publish('store:1', 'online:3'),
      publish('store:1', 'online:2'),
    ];
    expect(redis.batches).toHaveLength(0);
    await Promise.all(sent);
    expect(redis.batches).toEqual([
      [
        ['store:1', 'orders'],
        ['cache', 'stock:a'],
        ['store:1', 'online:3'],
        ['store:1', 'online:2'],
      ],
    ]);
    // The next turn is a batch of its own.
    await publish('cache', 'stock:a');
    expect(redis.batches).toHaveLength(2);
    expect(redis.batches[1]).toEqual([['cache', 'stock:a']]);
  });

  it('rejects the publications of a batch Redis refused, and sends the next batch', async () => {
    let refuse = true;
    const redis = recordingRedis(() => (refuse ? new Error('READONLY') : null));
    const publish = coalescedPublisher(redis as never);
    await expect(Promise.all([publish('cache', 'a'), publish('cache', 'b')])).rejects.toThrow('READONLY');
    refuse = false;
    await expect(publish('cache', 'c')).resolves.toBeUndefined();
    expect(redis.batches).toHaveLength(2);
  });
});
