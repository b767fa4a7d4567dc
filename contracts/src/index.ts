/** Contracts shared by every service and the web client: events, command bodies, answers, constants. */
export * from './constants';
export * from './answers';
export * from './audit';
export * from './errors';
export * from './events';
export * from './identity';
export * from './text';
export * from './users';
export * from './live';
export * from './meals';
export * from './payments';
export * from './upcoming';
export * from './requests';
export * from './jobs';
export * from './newsletter';
export * from './routes';
