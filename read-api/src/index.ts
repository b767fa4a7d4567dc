/** The read side: query routes, read-your-writes, the socket.io live server. */
export { readApi } from './app';
export { toMealDto } from './meals/routes';
export type { ReadApiDeps } from './app';
export { createPositionWaiter } from './consistency/wait-for-position';
export type { PositionWaiter } from './consistency/wait-for-position';
export { createLiveServer } from './live/live-server';
export type { LiveServer } from './live/live-server';
