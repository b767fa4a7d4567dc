/** The read side: query routes, read-your-writes, the socket.io live server. */
export { readApi } from './app';
export type { ReadApiDeps } from './app';
export { createPositionWaiter } from './consistency/wait-for-position';
export type { PositionWaiter } from './consistency/wait-for-position';
export { createLiveServer, startLiveServer } from './live/live-server';
export type { LiveServer } from './live/live-server';
export { digestSignedBy, loadAuditKey, publicAuditJwk } from './audit/digest';
export { entityHistory, stateAt } from './audit/entity-state';
