/** The read side: query routes, read-your-writes, the socket.io live server, and the web app's pages. */
export { readApi } from './app';
export type { ReadApiDeps } from './app';
export { createLiveServer, startLiveServer } from './live/live-server';
export type { LiveServer } from './live/live-server';
export { AUDIT_CHECKPOINT_HEAD_FILE, AUDIT_KEY_FILE, digestSignedBy, loadAuditKey, newAuditKey, publicAuditJwk, signDigest } from './audit/digest';
export type { AuditKey, ChainLink } from './audit/digest';
export { entityHistory, foldEntity } from './audit/entity-state';
export { serveWebApp, webAppFallback } from './web-app';
