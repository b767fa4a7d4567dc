/**
 * The live-push port (publisher side) and its adapters: straight through the in-process
 * socket.io server (embedded) or through Redis with `@socket.io/redis-emitter` (distributed).
 * `coalesceChanges` wraps either, so bursts of changes cost one frame per window.
 * The socket.io server itself, with authentication and room rules, lives in read-api.
 */
export type { LivePublisher } from './port';
export { createSocketIoPublisher } from './socket-io-publisher';
export { createRedisEmitterPublisher, type RedisEmitterPublisherOptions } from './redis-emitter-publisher';
export { coalesceChanges } from './coalescing-publisher';
