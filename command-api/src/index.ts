/** The command side: Fastify plugin, its migrations and the pieces a launcher wires. */
export { commandApi } from './app';
export type { CommandApiDeps } from './app';
export { commandApiMigrations } from './migrations';
export type { CommandTables } from './migrations';
export { loadSigningKey } from './identity/signing-key';
export { bearerTokenVerifier } from './identity/bearer-tokens';
export { DEFAULT_RATE_LIMITS } from './limits/rate-limits';
export type { Limit, RateLimits } from './limits/rate-limits';
export { hashPassword } from './identity/passwords';
export { consoleMailer, smtpMailer } from './identity/mailer';
export type { MailMessage, SendMail } from './identity/mailer';
export { newMailedLink, openMailedLink, VERIFICATION_LINK_TTL_MS } from './identity/mailed-links';
export { storeImage } from './media/store-image';
export { startImageSweeper, sweepUnusedImages } from './media/sweep-unused-images';
export { startWorkers } from './workers';
export { attemptPaymentId } from './payments/purchase';
export { runAdminTool } from './users/operator-grant';
