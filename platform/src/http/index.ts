/** HTTP plumbing shared by the services: zod validation, errors mapped once, access control. */
export * from './access';
export * from './errors';
export * from './server';
