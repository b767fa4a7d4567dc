/** The command side: Fastify plugin, its migrations and the pieces a launcher wires. */
export { commandApi } from './app';
export type { CommandApiDeps } from './app';
export { commandApiMigrations } from './migrations';
export type { CommandTables } from './migrations';
export { loadSigningKey } from './identity/signing-key';
export { createMemoryLoginThrottle, createRedisLoginThrottle } from './identity/login-throttle';
export { handleCommand } from './command-handler';
export { userIdForEmail, userStream } from './identity/user';
export { userDecider } from './identity/user-decider';
export { hashPassword } from './identity/passwords';
export { storeImage } from './media/store-image';
export { mealDecider, mealStream } from './meals/meal';
export { reviewDecider, reviewStream } from './reviews/review';
export { registerWorkers } from './workers';
export { upcomingDecider, upcomingStream } from './upcoming/upcoming';
export { mealRequestsDecider, mealRequestsStream } from './requests/meal-requests';
