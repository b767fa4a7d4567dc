import { Emitter } from '@socket.io/redis-emitter';
import type { Redis } from 'ioredis';
import type { LivePublisher } from './port';

export interface RedisEmitterPublisherOptions {
  /** Channel prefix; must equal the `key` of the servers' Redis adapter. Default `socket.io`. */
  key?: string;
  /** Told when Redis refuses a publish. Default: `console.error`. */
  onError?: (error: unknown) => void;
}

/**
 * Distributed mode: the projector has no socket.io server; it publishes on Redis and every
 * read-api instance (socket.io with the Redis adapter) delivers to its own sockets.
 * The caller owns `redis` and closes it.
 */
export function createRedisEmitterPublisher(redis: Redis, options: RedisEmitterPublisherOptions = {}): LivePublisher {
  const onError = options.onError ?? ((error: unknown) => console.error('live publish failed:', error));
  // The emitter drops the promise of `publish`; catching it here keeps a Redis outage from
  // becoming an unhandled rejection that would stop the projector.
  const client = {
    publish: (channel: string, message: Buffer | string) => redis.publish(channel, message).catch(onError),
  };
  const emitter = new Emitter(client, options.key === undefined ? {} : { key: options.key });
  return {
    publish(room, event, payload) {
      emitter.to(room).emit(event, payload);
    },
  };
}
