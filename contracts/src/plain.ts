/**
 * What the web's first paint takes from contracts: constants, room names and plan helpers, none of them a
 * schema, so importing them loads no zod (`@hostel/contracts/plain`; the index exports them too).
 */
export * from './constants';
export * from './plans';
export * from './rooms';
