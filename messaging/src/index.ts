/**
 * @hostel/messaging: the ports services use to talk past the event store.
 * - job queue (`./job-queue`): policies enqueue commands with a deterministic job id; BullMQ on
 *   Redis in the distributed mode, in-process in the embedded one.
 * - live push (`./live`): the projector publishes to socket.io rooms, in memory or through Redis.
 */
export * from './job-queue/index';
export * from './live/index';
